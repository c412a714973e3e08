import numpy as np
import torch


class FlowMatchEulerDiscreteScheduler:
    def __init__(self, num_train_timesteps=1000, shift=1.0, shift_terminal=0.1):
        self.num_train_timesteps = num_train_timesteps
        self.shift = shift
        self.shift_terminal = shift_terminal
        self.sigmas = None

    def time_shift(self, mu, sigma, t):
        return np.exp(mu) / (np.exp(mu) + (1 / t - 1) ** sigma)

    def stretch_shift_to_terminal(self, t):
        one_minus_z = 1 - t
        if len(t) < 2 or one_minus_z[-1] == 0:
            return t
        scale_factor = one_minus_z[-1] / (1 - self.shift_terminal)
        stretched_t = 1 - (one_minus_z / scale_factor)
        return stretched_t

    def set_timesteps(self, num_inference_steps, mu=0.5):
        sigmas = np.linspace(1.0, 1 / num_inference_steps, num_inference_steps)
        sigmas = torch.from_numpy(self.time_shift(mu, 1.0, sigmas)).float()
        if self.shift_terminal:
            sigmas = self.stretch_shift_to_terminal(sigmas)
        self.timesteps = sigmas * self.num_train_timesteps
        self.sigmas = torch.cat([sigmas, torch.zeros(1)])

    def step(self, model_output, index, sample):
        dt = self.sigmas[index + 1] - self.sigmas[index]
        return sample + dt * model_output

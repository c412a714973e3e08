import torch


class DiffusionInferer:
    def __init__(self, scheduler):
        self.scheduler = scheduler

    def __call__(self, inputs, diffusion_model, noise, timesteps):
        noisy = self.scheduler.add_noise(inputs, noise, timesteps)
        return diffusion_model(noisy)

    @torch.no_grad()
    def sample(self, input_noise, diffusion_model):
        image = input_noise
        for t in self.scheduler.timesteps:
            model_output = diffusion_model(image)
            image = self.scheduler.step(model_output, int(t), image)
        return image

import torch


class DiffusionPipeline:
    def __init__(self, unet, scheduler):
        self.unet = unet
        self.scheduler = scheduler

    @torch.no_grad()
    def __call__(self, num_inference_steps=4, shape=(1, 1, 8, 8), generator=None):
        self.scheduler.set_timesteps(num_inference_steps)
        sample = torch.randn(shape, generator=generator) * self.scheduler.init_noise_sigma
        for t in self.scheduler.timesteps:
            model_input = self.scheduler.scale_model_input(sample)
            model_output = self.unet(model_input)
            sample = self.scheduler.step(model_output, sample, generator=generator)
        return sample

import torch


class DDPMPipeline:
    def __init__(self, unet, scheduler):
        self.unet = unet
        self.scheduler = scheduler

    @torch.no_grad()
    def __call__(self, batch_size=1, generator=None, num_inference_steps=10, image_shape=(3, 8, 8)):
        image = torch.randn((batch_size, *image_shape), generator=generator)
        self.scheduler.set_timesteps(num_inference_steps)
        for t in self.scheduler.timesteps:
            model_output = self.unet(image, t)
            image = self.scheduler.step(model_output, t, image, generator=generator)
        image = (image / 2 + 0.5).clamp(0, 1)
        return image

import torch

from pipeline_ddpm import DDPMPipeline
from schedulers.scheduling_ddpm import DDPMScheduler


class TinyUNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 3, 3, padding=1)
        self.temb = torch.nn.Embedding(1000, 3)

    def forward(self, x, t):
        return self.conv(x) + self.temb(t.view(1))[:, :, None, None]


torch.manual_seed(0)
generator = torch.Generator().manual_seed(0)
scheduler = DDPMScheduler(variance_type="fixed_large_log")  # as in the GLIDE config
pipe = DDPMPipeline(TinyUNet(), scheduler)
images = pipe(batch_size=2, generator=generator, num_inference_steps=10)

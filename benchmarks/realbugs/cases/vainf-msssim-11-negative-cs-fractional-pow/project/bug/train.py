import torch
import torch.nn as nn

from pytorch_msssim.ssim import MS_SSIM

torch.manual_seed(0)


def load_xray(pixels, photometric):
    """A DICOM-like loader: scales to [0, 1] but ignores the photometric interpretation."""
    img = (pixels - pixels.min()) / (pixels.max() - pixels.min())
    return img  # MONOCHROME1 images stay inverted


denoiser = nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 1, 3, padding=1))
with torch.no_grad():  # start from (almost) the identity, as after pre-training
    denoiser[0].weight.zero_(); denoiser[0].weight[:, 0, 1, 1] = 1.0; denoiser[0].bias.zero_()
    denoiser[2].weight.zero_(); denoiser[2].weight[0, :, 1, 1] = 1.0 / 8; denoiser[2].bias.zero_()
criterion = MS_SSIM(data_range=1.0)
optimizer = torch.optim.Adam(denoiser.parameters(), lr=1e-4)

raw = torch.rand(1, 1, 32, 32) * 4095
clean = load_xray(raw, "MONOCHROME2")
noisy_input = load_xray(4095 - raw, "MONOCHROME1")  # same study, stored with the inverted interpretation

optimizer.zero_grad()
loss = 1 - criterion(denoiser(noisy_input), clean)
loss.backward()
optimizer.step()

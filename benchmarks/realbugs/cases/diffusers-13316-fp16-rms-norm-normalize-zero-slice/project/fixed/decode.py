import torch

from vae import WanDecoderStub

torch.manual_seed(0)

decoder = WanDecoderStub().half().eval()
z = torch.randn(1, 4, 3, 4, 4).half()
z = torch.cat([torch.zeros_like(z[:, :, :1]), z], dim=2)  # causal cache padding: a frame of zeros in front

with torch.no_grad():
    video = decoder(z)

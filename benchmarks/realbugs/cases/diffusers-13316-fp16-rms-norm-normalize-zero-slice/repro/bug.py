# huggingface/diffusers#13316: the custom autoencoder RMS norms are built on F.normalize; in fp16 its default
# eps (1e-12) underflows to 0, so a slice whose norm is 0 (a zero-padded frame) becomes 0 / 0 = NaN.
import torch
import torch.nn.functional as F

dim = 4
scale = dim ** 0.5
gamma = torch.ones(dim, 1, 1, 1, dtype=torch.float16)

x = torch.randn(1, dim, 3, 4, 4).half()
x[:, :, 0] = 0  # the causal padding frame of the video latent
out = F.normalize(x, dim=1) * scale * gamma

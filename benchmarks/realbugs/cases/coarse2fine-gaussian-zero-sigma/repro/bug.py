import torch
import torch.nn as nn

torch.manual_seed(0)
normal = torch.distributions.normal.Normal(0.0, 1.0)


def cumulative(inputs, stds, mu):
    half = 0.5
    upper = (inputs - mu + half) / (stds)
    lower = (inputs - mu - half) / (stds)
    return normal.cdf(upper) - normal.cdf(lower)


C = 4
fc = nn.Linear(16, 2 * C)
with torch.no_grad():
    fc.bias[C:] = -120.0

context = torch.randn(3, 16)
out = fc(context)
hyper_mu = out[:, :C]
hyper_sigma = torch.exp(out[:, C:])
z = torch.round(torch.randn(3, C))
likelihood = torch.clamp(cumulative(z, hyper_sigma, hyper_mu), min=1e-8)
bits = torch.sum(-torch.log2(likelihood))
bits.backward()
print("bits", bits.item())

import numpy as np
import torch

torch.manual_seed(0)


def gaussian_dist_pdf(val, mean, var):
    return torch.exp(- (val - mean) ** 2.0 / var / 2.0) / torch.sqrt(2.0 * np.pi * var)


head = torch.nn.Linear(8, 4)
feat = torch.randn(3, 8)
out = head(feat)
with torch.no_grad():
    out[1, 2] = -60.0
xy = torch.sigmoid(out[:, :2])
sigma_const = 0.3
sigma_xy = torch.sigmoid(out[:, 2:4]) + sigma_const
target = torch.rand(3, 2)
pdf = gaussian_dist_pdf(xy, target, sigma_xy ** 2)
loss = (-torch.log(pdf + 1e-9) / 2.0).sum()
print(pdf, loss)

"""Fit the noisy MLP to a random regression target for a few steps."""
import torch
import torch.nn.functional as F

from model import NoisyMLP

torch.manual_seed(0)
model = NoisyMLP()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
x, y = torch.randn(64, 10), torch.randn(64, 1)
grad_log = []
for step in range(3):
    loss = F.mse_loss(model(x), y)
    optimizer.zero_grad()
    loss.backward()
    grad_log.append(model.noise.noise_var.grad.clone())
    optimizer.step()
first_var_grad = grad_log[0]
noise_var = model.noise.noise_var.detach()
fc2_weight = model.fc2.weight.detach()

# discuss.pytorch.org/t/how-to-fix-gradient-at-0-for-sqrt-function/23390, with the thread's
# fix: a small epsilon (1e-4) is added before the sqrt, so the gradient at 0 is finite (50);
# the variance is also clamped at 0 so that an optimizer step below 0 cannot reach sqrt.
import torch
import torch.nn as nn
import torch.nn.functional as F


class GaussianNoise(nn.Module):
    """Adds learnable, per-channel Gaussian noise during training."""

    def __init__(self, channels):
        super().__init__()
        self.noise_var = nn.Parameter(torch.zeros(channels))

    def forward(self, x):
        if not self.training:
            return x
        std = torch.sqrt(self.noise_var.clamp(min=0) + 1e-4)
        return x + std * torch.randn_like(x)


class NoisyMLP(nn.Module):
    def __init__(self, in_dim=10, hidden=32, out_dim=1):
        super().__init__()
        self.fc1 = nn.Linear(in_dim, hidden)
        self.noise = GaussianNoise(hidden)
        self.fc2 = nn.Linear(hidden, out_dim)

    def forward(self, x):
        return self.fc2(self.noise(torch.relu(self.fc1(x))))


torch.manual_seed(0)
model = NoisyMLP()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
x, y = torch.randn(16, 10), torch.randn(16, 1)
loss = F.mse_loss(model(x), y)
optimizer.zero_grad()
loss.backward()
noise_var_grad = model.noise.noise_var.grad.clone()
optimizer.step()

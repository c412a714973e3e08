# PyTorch issue #5687 fixed: out-of-place `out = out + residual`, so ReLU's saved output stays intact.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class ResidualBlock(nn.Module):
    def __init__(self, ch_in, ch_out, shortcut=None):
        super().__init__()
        self.left = nn.Sequential(
            nn.Conv2d(ch_in, 16, 3, 1, 1),
            nn.ReLU(inplace=True),
            nn.Conv2d(16, ch_out, 3, 1, 1),
            nn.ReLU(inplace=True),
        )
        self.right = shortcut

    def forward(self, x):
        out = self.left(x)
        residual = x if self.right is None else self.right(x)
        out = out + residual
        return F.relu(out, inplace=False)


model = nn.Sequential(nn.Conv2d(3, 8, 3, 1, 1), ResidualBlock(8, 8), ResidualBlock(8, 8), nn.Conv2d(8, 3, 1))
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
x = torch.rand(2, 3, 16, 16)
recon = model(x)
loss = F.mse_loss(recon, x)
optimizer.zero_grad()
loss.backward()
optimizer.step()

# pyg-team/pytorch_geometric#2559: InstanceNorm's `x / (var.sqrt()[batch] + eps)` gives NaN gradients when var == 0.
import torch
import torch.nn as nn

torch.manual_seed(0)


def scatter_add(src, index, dim_size):
    return torch.zeros(dim_size, src.size(1), dtype=src.dtype).index_add_(0, index, src)


class InstanceNorm(nn.Module):
    def __init__(self, in_channels, eps=1e-5, affine=True):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(in_channels)) if affine else None
        self.bias = nn.Parameter(torch.zeros(in_channels)) if affine else None

    def forward(self, x, batch):
        batch_size = int(batch.max()) + 1
        norm = torch.bincount(batch, minlength=batch_size).to(x.dtype).clamp_(min=1)  # degree(batch)
        norm = norm.view(-1, 1)
        mean = scatter_add(x, batch, batch_size) / norm
        x = x - mean[batch]
        var = scatter_add(x * x, batch, batch_size)
        var = var / norm
        out = x / (var.sqrt()[batch] + self.eps)
        if self.weight is not None and self.bias is not None:
            out = out * self.weight.view(1, -1) + self.bias.view(1, -1)
        return out


lin = nn.Linear(8, 16)
norm_layer = InstanceNorm(16)
x = torch.randn(7, 8)
batch = torch.tensor([0, 0, 0, 1, 1, 1, 2])  # the third graph has a single node: its variance is exactly 0
out = norm_layer(lin(x), batch)
loss = out.pow(2).sum()
loss.backward()

# pyg-team/pytorch_geometric#2917 fixed: x / (var + eps).sqrt()[batch] (the merged change).
import torch
import torch.nn as nn

torch.manual_seed(0)


def scatter_add(src, index, dim_size):
    return torch.zeros(dim_size, src.size(1), dtype=src.dtype).index_add_(0, index, src)


class LayerNorm(nn.Module):
    def __init__(self, in_channels, eps=1e-5, affine=True):
        super().__init__()
        self.in_channels, self.eps = in_channels, eps
        self.weight = nn.Parameter(torch.ones(in_channels)) if affine else None
        self.bias = nn.Parameter(torch.zeros(in_channels)) if affine else None

    def forward(self, x, batch):
        batch_size = int(batch.max()) + 1
        norm = torch.bincount(batch, minlength=batch_size).to(x.dtype).clamp_(min=1)  # degree(batch)
        norm = norm.mul_(x.size(-1)).view(-1, 1)
        mean = scatter_add(x, batch, batch_size).sum(dim=-1, keepdim=True) / norm
        x = x - mean[batch]
        var = scatter_add(x * x, batch, batch_size).sum(dim=-1, keepdim=True)
        var = var / norm
        out = x / (var + self.eps).sqrt()[batch]
        if self.weight is not None and self.bias is not None:
            out = out * self.weight + self.bias
        return out


lin = nn.Linear(8, 16, bias=False)
norm_layer = LayerNorm(16)
x = torch.randn(6, 8)
x[4:] = 0.0  # the last graph's nodes carry no features: its hidden states are all 0, var == 0
batch = torch.tensor([0, 0, 1, 1, 2, 2])
out = norm_layer(lin(x), batch)
loss = (out - 1.0).pow(2).sum()
loss.backward()

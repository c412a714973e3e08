import torch
import torch.nn as nn


def to_dense_batch(x, index, dim_size):
    counts = torch.bincount(index, minlength=dim_size)
    max_num = max(int(counts.max()), 1)
    out = x.new_zeros(dim_size, max_num, x.size(-1))
    mask = torch.zeros(dim_size, max_num, dtype=torch.bool, device=x.device)
    pos = torch.cat([torch.arange(int(c)) for c in counts])
    out[index, pos] = x
    mask[index, pos] = True
    return out, mask


class MultiheadAttentionBlock(nn.Module):
    def __init__(self, channels, heads=1):
        super().__init__()
        self.attn = nn.MultiheadAttention(channels, heads, batch_first=True)
        self.lin = nn.Linear(channels, channels)

    def forward(self, x, y, y_mask=None):
        if y_mask is not None:
            y_mask = ~y_mask & y_mask.any(-1, keepdim=True)
        out, _ = self.attn(x, y, y, key_padding_mask=y_mask)
        out = out + x
        return out + torch.relu(self.lin(out))


class PoolingByMultiheadAttention(nn.Module):
    def __init__(self, channels, num_seed_points=1, heads=1):
        super().__init__()
        self.seed = nn.Parameter(torch.randn(1, num_seed_points, channels))
        self.mab = MultiheadAttentionBlock(channels, heads)

    def forward(self, x, mask=None):
        return self.mab(self.seed.expand(x.size(0), -1, -1), x, y_mask=mask)


class SetTransformerAggregation(nn.Module):
    def __init__(self, channels, num_seed_points=1, heads=1):
        super().__init__()
        self.pma = PoolingByMultiheadAttention(channels, num_seed_points, heads)

    def forward(self, x, index, dim_size):
        x, mask = to_dense_batch(x, index, dim_size)
        x = self.pma(x, mask)
        return x.flatten(1, 2)

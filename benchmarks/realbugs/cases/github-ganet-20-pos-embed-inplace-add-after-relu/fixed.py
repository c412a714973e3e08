# GANet issue #20 fixed: `x = x + pos` (as the repo now has), out of place, keeps the saved ReLU output.
import math

import torch
import torch.nn as nn

torch.manual_seed(0)


def build_position_encoding(hidden_dim, shape, temperature=10000):
    num_pos_feats = hidden_dim // 2
    not_mask = torch.ones(shape)
    y_embed = not_mask.cumsum(1) / shape[1] * 2 * math.pi
    x_embed = not_mask.cumsum(2) / shape[2] * 2 * math.pi
    dim_t = torch.arange(num_pos_feats, dtype=torch.float32)
    dim_t = temperature ** (2 * (dim_t // 2) / num_pos_feats)
    pos_x = x_embed[:, :, :, None] / dim_t
    pos_y = y_embed[:, :, :, None] / dim_t
    pos_x = torch.stack((pos_x[..., 0::2].sin(), pos_x[..., 1::2].cos()), dim=4).flatten(3)
    pos_y = torch.stack((pos_y[..., 0::2].sin(), pos_y[..., 1::2].cos()), dim=4).flatten(3)
    return torch.cat((pos_y, pos_x), dim=3).permute(0, 3, 1, 2)


class AttentionLayer(nn.Module):
    def __init__(self, in_dim, out_dim, ratio=4):
        super().__init__()
        self.pre_conv = nn.Sequential(nn.Conv2d(in_dim, out_dim, 3, padding=1, bias=False),
                                      nn.BatchNorm2d(out_dim), nn.ReLU(inplace=False))
        self.query_conv = nn.Conv2d(out_dim, out_dim // ratio, 1)
        self.key_conv = nn.Conv2d(out_dim, out_dim // ratio, 1)
        self.value_conv = nn.Conv2d(out_dim, out_dim, 1)
        self.gamma = nn.Parameter(torch.zeros(1))

    def forward(self, x, pos=None):
        x = self.pre_conv(x)
        b, _, h, w = x.size()
        if pos is not None:
            x = x + pos
        q = self.query_conv(x).view(b, -1, w * h).permute(0, 2, 1)
        k = self.key_conv(x).view(b, -1, w * h)
        attention = torch.softmax(torch.bmm(q, k), dim=-1).permute(0, 2, 1)
        v = self.value_conv(x).view(b, -1, w * h)
        out = torch.bmm(v, attention).view(b, -1, h, w)
        return self.gamma * out + x


layer = AttentionLayer(16, 32)
pos = build_position_encoding(32, (2, 6, 10))
optimizer = torch.optim.Adam(layer.parameters(), lr=1e-3)
src = torch.randn(2, 16, 6, 10)
out = layer(src, pos)
loss = out.pow(2).mean()
optimizer.zero_grad()
loss.backward()
optimizer.step()

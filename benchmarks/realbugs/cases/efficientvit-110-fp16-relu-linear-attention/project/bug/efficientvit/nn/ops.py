"""Building blocks: conv layers and the lightweight multi-scale linear attention (LiteMLA)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class ConvLayer(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size=3, stride=1, act=True):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size, stride, kernel_size // 2, bias=False)
        self.norm = nn.BatchNorm2d(out_channels)
        self.act = nn.Hardswish() if act else nn.Identity()

    def forward(self, x):
        return self.act(self.norm(self.conv(x)))


class LiteMLA(nn.Module):
    r"""Lightweight multi-scale linear attention"""

    def __init__(self, in_channels, out_channels, dim=8, eps=1.0e-15):
        super().__init__()
        self.dim = dim
        self.eps = eps
        self.qkv = nn.Conv2d(in_channels, 3 * dim, 1, bias=False)
        self.kernel_func = nn.ReLU(inplace=False)
        self.proj = ConvLayer(dim, out_channels, 1, act=False)

    @torch.autocast(device_type="cpu", enabled=False)
    def relu_linear_att(self, qkv: torch.Tensor) -> torch.Tensor:
        B, _, H, W = list(qkv.size())

        qkv = torch.reshape(qkv, (B, -1, 3 * self.dim, H * W))
        q, k, v = (
            qkv[:, :, 0 : self.dim],
            qkv[:, :, self.dim : 2 * self.dim],
            qkv[:, :, 2 * self.dim :],
        )

        # lightweight linear attention
        q = self.kernel_func(q)
        k = self.kernel_func(k)

        # linear matmul
        trans_k = k.transpose(-1, -2)

        v = F.pad(v, (0, 0, 0, 1), mode="constant", value=1)
        vk = torch.matmul(v, trans_k)
        out = torch.matmul(vk, q)
        out = out[:, :, :-1] / (out[:, :, -1:] + self.eps)

        out = torch.reshape(out, (B, -1, H, W))
        return out

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        qkv = self.qkv(x)
        return self.proj(self.relu_linear_att(qkv))


class EfficientViTBlock(nn.Module):
    def __init__(self, in_channels, dim=8):
        super().__init__()
        self.context_module = LiteMLA(in_channels, in_channels, dim=dim)
        self.local_module = ConvLayer(in_channels, in_channels, 3)

    def forward(self, x):
        x = x + self.context_module(x)
        return x + self.local_module(x)

# mit-han-lab/efficientvit#110: "FP16 training will occurs NaN problem after last code updates".
# The update removed `if qkv.dtype == torch.float16: qkv = qkv.float()` from
# LiteMLA.relu_linear_att. Under fp16 mixed precision the linear-attention matmuls then run in
# half precision: v @ k^T sums over all H*W tokens, and the normaliser row of (vk @ q)
# overflows 65504 to inf, so out[:, :, :-1] / out[:, :, -1:] gives inf / inf = NaN.
import torch
import torch.nn as nn
import torch.nn.functional as F


class LiteMLA(nn.Module):
    def __init__(self, in_channels, dim=8, eps=1.0e-15):
        super().__init__()
        self.dim = dim
        self.eps = eps
        self.qkv = nn.Conv2d(in_channels, 3 * dim, 1, bias=False)
        self.kernel_func = nn.ReLU(inplace=False)
        self.proj = nn.Conv2d(dim, in_channels, 1)

    @torch.autocast(device_type="cpu", enabled=False)
    def relu_linear_att(self, qkv):
        B, _, H, W = list(qkv.size())
        qkv = torch.reshape(qkv, (B, -1, 3 * self.dim, H * W))
        q, k, v = qkv[:, :, 0:self.dim], qkv[:, :, self.dim:2 * self.dim], qkv[:, :, 2 * self.dim:]

        # lightweight linear attention
        q = self.kernel_func(q)
        k = self.kernel_func(k)

        # linear matmul
        trans_k = k.transpose(-1, -2)
        v = F.pad(v, (0, 0, 0, 1), mode="constant", value=1)
        vk = torch.matmul(v, trans_k)
        out = torch.matmul(vk, q)
        out = out[:, :, :-1] / (out[:, :, -1:] + self.eps)
        return torch.reshape(out, (B, -1, H, W))

    def forward(self, x):
        return x + self.proj(self.relu_linear_att(self.qkv(x)))


class TinyEfficientViT(nn.Module):
    def __init__(self, width=16, n_classes=10):
        super().__init__()
        self.stem = nn.Conv2d(3, width, 3, padding=1)
        self.block = LiteMLA(width)
        self.head = nn.Linear(width, n_classes)

    def forward(self, x):
        x = self.block(self.stem(x))
        return self.head(x.mean(dim=(2, 3)))


torch.manual_seed(0)
model = TinyEfficientViT()
images = torch.randn(2, 3, 32, 32) * 8.0  # raw, un-normalised pixel statistics
labels = torch.tensor([1, 7])
with torch.autocast(device_type="cpu", dtype=torch.float16):
    logits = model(images)
    loss = F.cross_entropy(logits.float(), labels)
loss.backward()

import torch

from nn.modules import PSABlock

torch.manual_seed(0)

block = PSABlock(128, attn_ratio=0.5, num_heads=2, shortcut=False).half().eval()
x = (torch.randn(1, 128, 4, 4) * 200).half()
with torch.no_grad():
    out = block(x)

import torch

from config import PoolingConfig
from model import ConvAttentionPool

torch.manual_seed(0)

model = ConvAttentionPool(PoolingConfig()).half()
x = torch.randn(2, 8, 10).half()
lengths = torch.tensor([10, 6])
padding_mask = torch.arange(10)[None, :] >= lengths[:, None]
with torch.no_grad():
    out = model(x, padding_mask)

import torch

from config import HeadConfig
from heads import PositiveScaleHead

torch.manual_seed(0)
cfg = HeadConfig()
head = PositiveScaleHead(cfg.d_in, cfg.d_out, cfg.softplus_beta)
h = torch.randn(4, cfg.d_in)
if cfg.half:
    head = head.half()
    h = h.half()
scale = head(h)
print(scale)

# facebookresearch/fairscale#263 ("Resolve issue where grad norms because inf with OSS / fp16"): OSS.clip_grad_norm
# computes the local norm in the gradients' dtype; with fp16 gradients of a large transformer (norm ~5000 per device)
# `local_norm ** norm_type` is 5000 ** 2 = 2.5e7 > 65504 and overflows to inf, so the clip norm becomes inf
# (and the clip coefficient 0).  World size 1 here, so the all_reduce of the norms is the identity.
# FIX (fairscale#263): compute the per-parameter norms with dtype=torch.float32.
from itertools import chain
from math import inf

import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(64, 256), nn.ReLU(), nn.Linear(256, 64)).half()
loss_scale = 2.0 ** 3  # current scale of the fp16 trainer's dynamic loss scaler

x = torch.randn(32, 64).half()
target = torch.randn(32, 64).half()
loss = ((model(x).float() - target.float()) ** 2).sum()
(loss * loss_scale).backward()

max_norm = float(1.0)
norm_type = float(2.0)
local_params = chain(*[list(filter(lambda x: x.grad is not None, model.parameters()))])
local_norm = torch.norm(
    input=torch.stack([torch.norm(input=p.grad.detach(), p=norm_type, dtype=torch.float32) for p in local_params]),  # type: ignore
    p=norm_type,
)
total_norm = local_norm ** norm_type
total_norm = total_norm ** (1.0 / norm_type)

clip_coef = torch.tensor(max_norm, dtype=total_norm.dtype, device=total_norm.device) / (total_norm + 1e-6)
if clip_coef < 1:
    for p in filter(lambda x: x.grad is not None, model.parameters()):
        p.grad.detach().mul_(clip_coef)

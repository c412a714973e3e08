# https://github.com/plemeri/InSPyReNet/issues/36 - standard fix (maintainer: this part needs full precision): run the context/similarity computation with autocast disabled, in float32.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
C = 8
conv_query = nn.Conv2d(C, C, 3, padding=1)
conv_key = nn.Conv2d(C, C, 1)
x = torch.rand(1, C, 128, 128) * 40.0  # ReLU backbone features
smap = torch.randn(1, 1, 128, 128)

with torch.autocast("cpu", dtype=torch.float16):
    b, c, h, w = x.shape
    p = torch.sigmoid(smap) - 0.5
    prob = torch.cat([p.clip(0, 1), (-p).clip(0, 1), 0.5 - p.abs()], dim=1).view(b, 3, h * w)
    with torch.autocast("cpu", enabled=False):
        f = x.float().view(b, h * w, -1)
        context = torch.bmm(prob.float(), f).permute(0, 2, 1).unsqueeze(3)
        query = conv_query(x.float()).view(b, C, -1).permute(0, 2, 1)
        key = conv_key(context).view(b, C, -1)
        sim = torch.bmm(query, key) * C**-0.5
        sim = F.softmax(sim, dim=-1)
loss = sim.float().mean()
print(context.dtype, context.max(), sim.isnan().any().item())

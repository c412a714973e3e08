# https://github.com/noahgolmant/pytorch-lars/issues/3 -- fix from the thread: a small epsilon in the local learning rate's denominator.
import torch
import torch.nn as nn

torch.manual_seed(0)
backbone = nn.Linear(16, 16)
down, up = nn.Linear(16, 4), nn.Linear(4, 16)
nn.init.zeros_(down.bias)
nn.init.zeros_(up.weight)            # adapter starts as the identity map
nn.init.zeros_(up.bias)
params = list(backbone.parameters()) + list(down.parameters()) + list(up.parameters())
lr, momentum, weight_decay, eta = 0.1, 0.9, 0.0005, 0.001

x, y = torch.randn(8, 16), torch.randn(8, 16)
h = backbone(x)
out = h + up(torch.relu(down(h)))
loss = (out - y).pow(2).mean()
loss.backward()

with torch.no_grad():
    for p in params:
        d_p = p.grad
        weight_norm = torch.norm(p)
        grad_norm = torch.norm(d_p)
        local_lr = eta * weight_norm / (grad_norm + weight_decay * weight_norm + 1e-8)
        buf = torch.zeros_like(p).add_(local_lr * lr * (d_p + weight_decay * p))
        p.sub_(buf)
out_after = backbone(x) + up(torch.relu(down(backbone(x))))

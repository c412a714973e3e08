import math

import torch
from torch.optim import Optimizer


class AdamWScheduleFree(Optimizer):
    def __init__(self, params, lr=0.0025, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, warmup_steps=0, r=0.0,
                 weight_lr_power=2.0):
        defaults = dict(lr=lr, betas=betas, eps=eps, r=r, k=0, warmup_steps=warmup_steps, train_mode=True,
                        weight_sum=0.0, lr_max=-1.0, weight_lr_power=weight_lr_power, weight_decay=weight_decay)
        super().__init__(params, defaults)

    @torch.no_grad()
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()

        for group in self.param_groups:
            eps = group["eps"]
            beta1, beta2 = group["betas"]
            decay = group["weight_decay"]
            k = group["k"]
            r = group["r"]
            warmup_steps = group["warmup_steps"]
            weight_lr_power = group["weight_lr_power"]

            if k < warmup_steps:
                sched = (k + 1) / warmup_steps
            else:
                sched = 1.0

            bias_correction2 = 1 - beta2 ** (k + 1)
            lr = group["lr"] * sched * math.sqrt(bias_correction2)

            lr_max = group["lr_max"] = max(lr, group["lr_max"])

            weight = ((k + 1) ** r) * (lr_max ** weight_lr_power)
            weight_sum = group["weight_sum"] = group["weight_sum"] + weight

            ckp1 = weight / weight_sum

            for p in group["params"]:
                if p.grad is None:
                    continue
                grad = p.grad
                state = self.state[p]
                if "z" not in state:
                    state["z"] = torch.clone(p)
                    state["exp_avg_sq"] = torch.zeros_like(p)
                exp_avg_sq = state["exp_avg_sq"]
                z = state["z"]

                p.lerp_(end=z, weight=1 - 1 / beta1)
                exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
                denom = exp_avg_sq.sqrt().add_(eps)
                grad_normalized = grad.div_(denom)
                if decay != 0:
                    grad_normalized.add_(p, alpha=decay)
                z.sub_(grad_normalized, alpha=lr)
                p.lerp_(end=z, weight=ckp1)
                p.lerp_(end=state["z"], weight=1 - beta1)

            group["k"] = k + 1
        return loss


torch.manual_seed(0)

unet = torch.nn.Linear(8, 8)
text_encoder = torch.nn.Linear(8, 8)
optimizer = AdamWScheduleFree([
    {"params": unet.parameters(), "lr": 1e-4},
    {"params": text_encoder.parameters(), "lr": 0.0},
])
x = torch.randn(4, 8)
loss = unet(text_encoder(x)).pow(2).mean()
optimizer.zero_grad()
loss.backward()
optimizer.step()

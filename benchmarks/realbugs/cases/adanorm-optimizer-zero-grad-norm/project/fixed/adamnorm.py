import math
import torch
from torch.optim.optimizer import Optimizer


class AdamNorm(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, gamma=0.95):
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, gamma=gamma)
        super(AdamNorm, self).__init__(params, defaults)

    @torch.no_grad()
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                grad = p.grad
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = 0
                    state["exp_avg"] = torch.zeros_like(p)
                    state["exp_avg_sq"] = torch.zeros_like(p)
                    state["exp_grad_norm"] = torch.zeros(1, device=p.device)
                exp_avg, exp_avg_sq = state["exp_avg"], state["exp_avg_sq"]
                exp_grad_norm = state["exp_grad_norm"]
                beta1, beta2 = group["betas"]
                state["step"] += 1

                grad_norm = torch.norm(grad).add_(group["eps"])
                exp_grad_norm.mul_(group["gamma"]).add_((1 - group["gamma"]) * grad_norm)
                if exp_grad_norm > grad_norm:
                    grad1 = grad * exp_grad_norm / grad_norm
                else:
                    grad1 = grad

                exp_avg.mul_(beta1).add_(grad1, alpha=1 - beta1)
                exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
                bias_correction1 = 1 - beta1 ** state["step"]
                bias_correction2 = 1 - beta2 ** state["step"]
                denom = (exp_avg_sq.sqrt() / math.sqrt(bias_correction2)).add_(group["eps"])
                step_size = group["lr"] / bias_correction1
                p.addcdiv_(exp_avg, denom, value=-step_size)
        return loss

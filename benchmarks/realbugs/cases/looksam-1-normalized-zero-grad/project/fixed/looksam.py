from typing import Any, Callable

import torch
import torch.nn as nn


class LookSAM(torch.optim.Optimizer):
    def __init__(self, k: int, alpha: float, model: nn.Module, base_optimizer,
                 criterion: Callable[[torch.Tensor, torch.Tensor], torch.Tensor], rho: float = 0.05, **kwargs: Any):
        defaults = dict(alpha=alpha, rho=rho, **kwargs)
        self.model = model
        super().__init__(self.model.parameters(), defaults)
        self.k = k
        self.alpha = torch.tensor(alpha, requires_grad=False)
        self.criterion = criterion
        self.base_optimizer = base_optimizer(self.param_groups, **kwargs)
        self.param_groups = self.base_optimizer.param_groups

    @staticmethod
    def normalized(g):
        return g / (g.norm(p=2) + 1e-8)

    def step(self, t, samples, targets, zero_sam_grad=True, zero_grad=True):
        if not t % self.k:
            group = self.param_groups[0]
            scale = group["rho"] / (self._grad_norm() + 1e-8)
            for index_p, p in enumerate(group["params"]):
                if p.grad is None:
                    continue
                self.state[p]["old_p"] = p.data.clone()
                self.state[f"old_grad_p_{index_p}"]["old_grad_p"] = p.grad.clone()
                with torch.no_grad():
                    p.add_(p.grad * scale.to(p))
            if zero_sam_grad:
                self.zero_grad()
            self.criterion(self.model(samples), targets).backward()

        group = self.param_groups[0]
        for index_p, p in enumerate(group["params"]):
            if p.grad is None:
                continue
            if not t % self.k:
                old_grad_p = self.state[f"old_grad_p_{index_p}"]["old_grad_p"]
                g_grad_norm = LookSAM.normalized(old_grad_p)
                g_s_grad_norm = LookSAM.normalized(p.grad)
                self.state[f"gv_{index_p}"]["gv"] = torch.sub(
                    p.grad, p.grad.norm(p=2) * torch.sum(g_grad_norm * g_s_grad_norm) * g_grad_norm)
            else:
                with torch.no_grad():
                    gv = self.state[f"gv_{index_p}"]["gv"]
                    p.grad.add_(self.alpha.to(p) * (p.grad.norm(p=2) / (gv.norm(p=2) + 1e-8) * gv))
            p.data = self.state[p]["old_p"]

        self.base_optimizer.step()
        if zero_grad:
            self.zero_grad()

    def _grad_norm(self):
        return torch.norm(torch.stack([p.grad.norm(p=2) for group in self.param_groups for p in group["params"]
                                       if p.grad is not None]), p=2)

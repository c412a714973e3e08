import torch
from torch.optim.optimizer import Optimizer


class AdaSmooth(Optimizer):
    """AdaSmooth: An Adaptive Learning Rate Method based on Effective Ratio."""

    def __init__(self, params, lr=1e-3, betas=(0.5, 0.99), weight_decay=0.0, eps=1e-6):
        defaults = {'lr': lr, 'betas': betas, 'weight_decay': weight_decay, 'eps': eps}
        super().__init__(params, defaults)

    def init_group(self, group):
        for p in group['params']:
            if p.grad is None:
                continue
            state = self.state[p]
            if len(state) == 0:
                state['prev_param'] = torch.zeros_like(p)
                state['s'] = torch.zeros_like(p)
                state['n'] = torch.zeros_like(p)
                state['exp_avg_sq'] = torch.zeros_like(p)

    @torch.no_grad()
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        for group in self.param_groups:
            self.init_group(group)
            beta1, beta2 = group['betas']
            for p in group['params']:
                if p.grad is None:
                    continue
                grad = p.grad
                state = self.state[p]
                s, n, prev_param, exp_avg_sq = state['s'], state['n'], state['prev_param'], state['exp_avg_sq']
                if group['weight_decay'] > 0.0:
                    grad = grad.add(p, alpha=group['weight_decay'])
                p_diff = p - prev_param
                s.add_(p_diff)
                n.add_(p_diff.abs())
                c = s.sum().abs_().div_(n.sum() + group['eps'])  # e_t
                c.mul_(beta2 - beta1).add_(1.0 - beta2)
                c_p2 = c.pow(2)
                exp_avg_sq.mul_(1.0 - c_p2).addcmul_(grad, grad, value=c_p2)
                step_size = torch.full_like(exp_avg_sq, fill_value=group['lr'])
                step_size.div_((exp_avg_sq + group['eps']).sqrt()).mul_(grad)
                p.add_(-step_size)
                state['prev_param'].copy_(p)
        return loss

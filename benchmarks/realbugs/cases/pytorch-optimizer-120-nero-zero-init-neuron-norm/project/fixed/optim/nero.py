import torch
from torch.optim import Optimizer


def neuron_norm(x):
    if x.dim() <= 1:
        return x.abs()
    view_shape = [x.shape[0]] + [1] * (x.dim() - 1)
    return x.view(x.shape[0], -1).norm(dim=1).view(*view_shape)


def neuron_mean(x):
    if x.dim() <= 1:
        raise ValueError('neuron_mean not defined on 1D tensors.')
    view_shape = [x.shape[0]] + [1] * (x.dim() - 1)
    return x.view(x.shape[0], -1).mean(dim=1).view(*view_shape)


class Nero(Optimizer):
    def __init__(self, params, lr=0.01, beta=0.999, constraints=True, eps=1e-8):
        defaults = dict(lr=lr, beta=beta, constraints=constraints, eps=eps)
        super().__init__(params, defaults)

    @torch.no_grad()
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        for group in self.param_groups:
            for p in group['params']:
                if p.grad is None:
                    continue
                grad = p.grad
                state = self.state[p]
                if len(state) == 0:
                    if group['constraints'] and p.dim() > 1:
                        p.sub_(neuron_mean(p))
                        p.div_(neuron_norm(p).add_(group['eps']))
                    state['step'] = 0
                    state['exp_avg_sq'] = torch.zeros_like(neuron_norm(p))
                    state['scale'] = neuron_norm(p).mean()
                    if state['scale'] == 0.0:
                        state['scale'] = 0.01
                state['step'] += 1
                grad_norm = neuron_norm(grad)
                exp_avg_sq = state['exp_avg_sq']
                exp_avg_sq.mul_(group['beta']).addcmul_(grad_norm, grad_norm, value=1.0 - group['beta'])
                bias_correction = 1.0 - group['beta'] ** state['step']
                grad_normed = grad / ((exp_avg_sq / bias_correction).sqrt_().add_(group['eps']))
                grad_normed[torch.isnan(grad_normed)] = 0.0
                p.add_(grad_normed, alpha=-group['lr'] * state['scale'])
                if group['constraints'] and p.dim() > 1:
                    p.sub_(neuron_mean(p))
                    p.div_(neuron_norm(p).add_(group['eps']))
        return loss

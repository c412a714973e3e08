# FIXED (as in the PR: eps added to the denominator, n.sum() + eps)
# https://github.com/kozistr/pytorch_optimizer/pull/522 -- AdaSmooth's efficiency ratio is
# |sum(s)| / sum(n), the running signed over absolute parameter movement since prev_param (initialised to
# zeros); on the first step a zero-initialised parameter (a bias) has not moved, sum(n) = 0, the ratio is
# 0 / 0 = NaN and the parameter is NaN after optimizer.step().
import torch

torch.manual_seed(0)
lr, betas, eps = 1e-2, (0.5, 0.99), 1e-6
p = torch.nn.Parameter(torch.zeros(4))               # a zero-initialised bias
loss = ((p - 1.0) ** 2).sum()
loss.backward()

with torch.no_grad():
    beta1, beta2 = betas
    grad = p.grad
    prev_param = torch.zeros_like(p)
    s = torch.zeros_like(p)
    n = torch.zeros_like(p)
    exp_avg_sq = torch.zeros_like(p)
    p_diff = p - prev_param
    s.add_(p_diff)
    n.add_(p_diff.abs())
    c = s.sum().abs_().div_(n.sum() + eps)  # e_t
    c.mul_(beta2 - beta1).add_(1.0 - beta2)
    c_p2 = c.pow(2)
    exp_avg_sq.mul_(1.0 - c_p2).addcmul_(grad, grad, value=c_p2)
    step_size = torch.full_like(exp_avg_sq, fill_value=lr)
    step_size.div_((exp_avg_sq + eps).sqrt()).mul_(grad)
    p.add_(-step_size)

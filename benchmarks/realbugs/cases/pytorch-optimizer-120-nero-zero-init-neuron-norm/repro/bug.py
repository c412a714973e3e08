# Nero optimizer (pytorch_optimizer 2.5.x) on a model whose output layer is
# zero-initialised: the per-neuron re-normalisation divides a zero row by its
# zero norm at the first step and the weights become NaN.
import torch
import torch.nn as nn


def neuron_norm(x):
    if x.dim() <= 1:
        return x.abs()
    view_shape = [x.shape[0]] + [1] * (x.dim() - 1)
    return x.view(x.shape[0], -1).norm(dim=1).view(*view_shape)


def neuron_mean(x):
    view_shape = [x.shape[0]] + [1] * (x.dim() - 1)
    return x.view(x.shape[0], -1).mean(dim=1).view(*view_shape)


torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))
nn.init.zeros_(model[2].weight)
nn.init.zeros_(model[2].bias)
lr, beta, eps = 0.01, 0.999, 1e-8
state = {}

x = torch.randn(32, 8)
y = torch.randn(32, 4)
for step in range(3):
    model.zero_grad()
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        for p in model.parameters():
            st = state.setdefault(p, {})
            if len(st) == 0:
                if p.dim() > 1:
                    p.sub_(neuron_mean(p))
                    p.div_(neuron_norm(p))
                st['step'] = 0
                st['exp_avg_sq'] = torch.zeros_like(neuron_norm(p))
                st['scale'] = neuron_norm(p).mean()
                if st['scale'] == 0.0:
                    st['scale'] = 0.01
            st['step'] += 1
            g_norm = neuron_norm(p.grad)
            st['exp_avg_sq'].mul_(beta).addcmul_(g_norm, g_norm, value=1 - beta)
            bc = 1 - beta ** st['step']
            grad_normed = p.grad / (st['exp_avg_sq'] / bc).sqrt()
            grad_normed[torch.isnan(grad_normed)] = 0.0
            p.add_(grad_normed, alpha=-lr * st['scale'])
            if p.dim() > 1:
                p.sub_(neuron_mean(p))
                p.div_(neuron_norm(p))
    print(step, loss.item())
weight = model[2].weight

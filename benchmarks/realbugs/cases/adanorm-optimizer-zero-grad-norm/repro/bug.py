import torch
import torch.nn as nn

torch.manual_seed(0)
backbone = nn.Linear(4, 8)
aux = nn.Linear(8, 1)
params = [backbone.weight, backbone.bias, aux.weight, aux.bias]
state = {id(p): {"exp_avg": torch.zeros_like(p), "exp_avg_sq": torch.zeros_like(p), "exp_grad_norm": torch.zeros(1)} for p in params}
lr, beta1, beta2, eps, alpha = 1e-3, 0.9, 0.999, 1e-8, 0.95

x = torch.randn(16, 4)
y = torch.randn(16, 1)
for step, aux_weight in enumerate([1.0, 0.0], start=1):
    for p in params:
        p.grad = None
    h = backbone(x)
    loss = h.pow(2).mean() + aux_weight * nn.functional.mse_loss(aux(h), y)
    loss.backward()
    with torch.no_grad():
        for p in params:
            s = state[id(p)]
            grad = p.grad
            grad_norm = torch.norm(grad)
            s["exp_grad_norm"].mul_(alpha).add_((1 - alpha) * grad_norm)
            if s["exp_grad_norm"] > grad_norm:
                grad1 = grad * s["exp_grad_norm"] / grad_norm
            else:
                grad1 = grad
            s["exp_avg"].mul_(beta1).add_(grad1, alpha=1 - beta1)
            s["exp_avg_sq"].mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
            denom = (s["exp_avg_sq"] / (1 - beta2 ** step)).sqrt().add_(eps)
            p.addcdiv_(s["exp_avg"] / (1 - beta1 ** step), denom, value=-lr)
print("aux weight norm", aux.weight.norm().item())

# rollovd/LookSAM#1: gradients become NaN after the first step(): LookSAM.normalized divides a gradient by its
# norm with no epsilon, and a parameter whose gradient is all zero (the layers in front of a zero-initialized
# head) gives 0 / 0 in gv, which the next step adds into the gradient.
import torch
import torch.nn as nn

torch.manual_seed(0)

body = nn.Linear(4, 8)
head = nn.Linear(8, 3)
nn.init.zeros_(head.weight)
params = list(body.parameters()) + list(head.parameters())
base = torch.optim.SGD(params, lr=0.1)
x, y = torch.randn(16, 4), torch.randint(0, 3, (16,))
criterion = nn.CrossEntropyLoss()
rho, alpha, k = 0.05, 0.7, 5
old_grads, gvs = {}, {}

for t in range(2):
    criterion(head(torch.relu(body(x))), y).backward()
    if not t % k:
        grad_norm = torch.norm(torch.stack([p.grad.norm(p=2) for p in params]), p=2)
        scale = rho / (grad_norm + 1e-8)
        old_p = [p.data.clone() for p in params]
        for i, p in enumerate(params):
            old_grads[i] = p.grad.clone()
            with torch.no_grad():
                p.add_(p.grad * scale)
        base.zero_grad()
        criterion(head(torch.relu(body(x))), y).backward()
    for i, p in enumerate(params):
        if not t % k:
            g_grad_norm = old_grads[i] / (old_grads[i].norm(p=2) + 1e-8)
            g_s_grad_norm = p.grad / (p.grad.norm(p=2) + 1e-8)
            gvs[i] = torch.sub(p.grad, p.grad.norm(p=2) * torch.sum(g_grad_norm * g_s_grad_norm) * g_grad_norm)
            p.data = old_p[i]
        else:
            with torch.no_grad():
                p.grad.add_(alpha * (p.grad.norm(p=2) / (gvs[i].norm(p=2) + 1e-8) * gvs[i]))
    base.step()
    base.zero_grad()

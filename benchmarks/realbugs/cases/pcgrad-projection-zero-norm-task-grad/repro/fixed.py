import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
shared = nn.Linear(6, 6)
head_a = nn.Linear(6, 1)
head_b = nn.Linear(6, 3)
with torch.no_grad():
    head_b.weight.copy_(torch.tensor([[14.0] * 6, [-14.0] * 6, [14.0] * 6]))

x = torch.rand(4, 6) + 1.0
y_a = torch.full((4, 1), -5.0)
y_b = torch.ones(4, dtype=torch.long)

grads = []
for loss in (F.mse_loss(head_a(shared(x)), y_a), F.cross_entropy(head_b(shared(x)), y_b)):
    shared.zero_grad()
    loss.backward()
    grads.append(torch.cat([p.grad.flatten() for p in shared.parameters()]).clone())

pc_grad = [g.clone() for g in grads]
for g_i in pc_grad:
    for g_j in grads:
        g_i_g_j = torch.dot(g_i, g_j)
        if g_i_g_j < 0:
            g_i -= (g_i_g_j) * g_j / (g_j.norm() ** 2 + 1e-5)
grad_shared = torch.stack(pc_grad).sum(dim=0)
print("merged grad norm", grad_shared.norm().item())

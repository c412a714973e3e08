# https://github.com/pankajmishra000/VT-ADL/issues/10 - the MDN loss divides by exp(logvar); a large (softplus) logvar overflows exp to inf, the forward survives (a / inf = 0) but the backward of exp gives 0 * inf = NaN.
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
COEFS, D = 3, 4
pi_layer = nn.Linear(D, COEFS, bias=False)
mu_layer = nn.Linear(D, D * COEFS, bias=False)
sigma_layer = nn.Linear(D, D * COEFS, bias=False)
vector = torch.rand(2, 5, D) * 400.0  # encoder features of a saturated patch

pi = F.softmax(pi_layer(vector), dim=-1)
logvar = F.softplus(sigma_layer(vector)).view(2, 5, D, -1)
mean = mu_layer(vector).view(2, 5, D, -1)

x = vector.unsqueeze(-1).expand_as(logvar)
a = (x - mean) ** 2
log_p = (logvar + a / torch.exp(logvar)).sum(2)
log_p = -0.5 * (math.log(2 * math.pi) + log_p)
loss = torch.mean(torch.sum(torch.sum(pi * -log_p, 2), 1))
loss.backward()
grad = sigma_layer.weight.grad
print(loss.item(), grad.isnan().any().item())

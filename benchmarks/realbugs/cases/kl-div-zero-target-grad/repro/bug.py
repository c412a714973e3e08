# https://github.com/pytorch/pytorch/issues/89558 - F.kl_div with a target that requires grad: a target probability that underflows to exactly 0 makes the xlogy backward NaN.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
net_a = torch.nn.Linear(4, 3)
net_b = torch.nn.Linear(4, 3)
x = torch.randn(2, 4) * 300.0

log_p_a = F.log_softmax(net_a(x), dim=1)
p_b = F.softmax(net_b(x), dim=1)
loss = F.kl_div(log_p_a, p_b, reduction="batchmean")
loss.backward()
grad = net_b.weight.grad
print(p_b, loss.item(), grad)

import torch

torch.manual_seed(0)

w = torch.zeros(3, 4, requires_grad=True)
x = torch.zeros(5, 4)
loss = (x @ w.T).sum()
loss.backward()
lr, eps, beta1, beta2 = 1e-3, 1e-6, 0.9, 0.999
exp_avg = (1 - beta1) * w.grad
exp_avg_sq = (1 - beta2) * w.grad * w.grad
with torch.no_grad():
    weight_norm = w.pow(2).sum().sqrt().clamp(0, 10)
    adam_step = exp_avg / exp_avg_sq.sqrt().add(eps)
    adam_norm = adam_step.pow(2).sum().sqrt()
    if weight_norm == 0 or adam_norm == 0:
        trust_ratio = torch.tensor(1.0)
    else:
        trust_ratio = weight_norm / adam_norm
    w.add_(adam_step, alpha=-lr * trust_ratio.item())
print(w)

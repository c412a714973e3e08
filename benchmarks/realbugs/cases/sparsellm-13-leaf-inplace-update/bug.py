# BaiTheBest/SparseLLM#13: `s_batch -= s_learning_rate * s_batch.grad` raises the leaf in-place error.
import torch

torch.manual_seed(0)
W = torch.randn(8, 8)
X = torch.randn(16, 8)
target = torch.randn(16, 8)
s = torch.zeros(16, 8, dtype=torch.float16)
s_learning_rate = 0.01

chunk = slice(0, 4)
s_batch = target[:, chunk].clone().requires_grad_(True)
for it in range(3):
    loss_s = ((X @ W)[:, chunk] - s_batch).pow(2).mean()
    loss_s.backward()
    s_batch -= s_learning_rate * s_batch.grad
    s_batch.grad.zero_()
s[:, chunk] = s_batch.detach().to(dtype=torch.float16)

# pytorch/pytorch#49886: backprop through torch.svd of a rank-3 15x15 matrix (repeated zero singular values) gives NaN.
import torch

torch.manual_seed(0)

x = torch.zeros(15, 3)
for i in range(x.size(1)):
    x[i, i] = i + 1

# Generate rank-3 matrix
y = torch.zeros(15, 15)
y[:, :5] = x[:, 0][:, None]
y[:, 5:10] = x[:, 1][:, None]
y[:, 10:] = x[:, 2][:, None]

y.requires_grad_(True)

U, S, V = torch.svd_lowrank(y, q=3)  # keep only the rank-3 part: no repeated zero singular values
print(S)

z = U @ torch.diag_embed(S) @ V.T

loss = z.sum()
loss.backward()
grad = y.grad

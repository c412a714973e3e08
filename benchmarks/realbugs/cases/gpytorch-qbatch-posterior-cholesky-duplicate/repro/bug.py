import torch

torch.manual_seed(0)


def rbf(x1, x2, lengthscale=0.3):
    return torch.exp(-0.5 * torch.cdist(x1, x2) ** 2 / lengthscale ** 2)


train_x = torch.rand(8, 2)
train_y = torch.sin(6 * train_x).sum(-1)
noise = 1e-4
candidates = torch.tensor([[3.5, 3.2], [3.5, 3.2], [0.80, 0.15]], requires_grad=True)

K = rbf(train_x, train_x) + noise * torch.eye(8)
K_xs = rbf(train_x, candidates)
K_ss = rbf(candidates, candidates)
L_train = torch.linalg.cholesky(K)
A = torch.cholesky_solve(K_xs, L_train)
post_mean = A.transpose(0, 1) @ train_y
post_cov = K_ss - K_xs.transpose(0, 1) @ A
L = torch.linalg.cholesky(post_cov)
samples = post_mean + (L @ torch.randn(3, 64)).transpose(0, 1)
acq_value = (samples - train_y.max()).clamp(min=0).max(dim=-1).values.mean()
acq_value.backward()
print("qEI", acq_value.item())

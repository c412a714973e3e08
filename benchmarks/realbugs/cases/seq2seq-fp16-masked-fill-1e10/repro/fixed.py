import torch

torch.manual_seed(0)
q = torch.randn(2, 4, 5, 8).half()
k = torch.randn(2, 4, 5, 8).half()
mask = torch.tensor([[1, 1, 1, 0, 0], [1, 1, 1, 1, 1]]).bool()[:, None, None, :]

energy = torch.matmul(q, k.permute(0, 1, 3, 2)) / 8 ** 0.5
energy = energy.masked_fill(mask == 0, -1e4)
attention = torch.softmax(energy, dim=-1)

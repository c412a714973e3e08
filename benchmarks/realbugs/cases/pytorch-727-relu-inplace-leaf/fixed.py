# pytorch/pytorch#727: F.relu(inplace) followed by F.dropout(inplace) on a leaf breaks the backward pass.
import numpy as np
import torch
import torch.nn.functional as F

np.random.seed(0)
x = torch.from_numpy(np.random.randn(4, 6, 10, 10)).float().requires_grad_(True)
y = F.relu(x)
y = F.dropout(y, p=0.1)
result = torch.sum(y)
result.backward()
grad = x.grad

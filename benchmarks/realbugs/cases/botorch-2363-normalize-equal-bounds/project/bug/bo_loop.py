import torch

from bo.gp import ExactGP
from bo.transforms import normalize, standardize

torch.manual_seed(0)

# search space: learning rate, dropout, and the batch size that the experimenter pinned to 64
bounds = torch.tensor([[1e-4, 0.0, 64.0], [1e-1, 0.5, 64.0]])
X = torch.rand(8, 3) * (bounds[1] - bounds[0]) + bounds[0]
Y = -((X[:, :1] - 0.03) ** 2) * 100 - (X[:, 1:2] - 0.2) ** 2

train_X = normalize(X, bounds)
train_Y = standardize(Y)

model = ExactGP(train_X, train_Y)
optimizer = torch.optim.Adam(model.parameters(), lr=0.1)
loss = model.negative_mll()
optimizer.zero_grad()
loss.backward()
optimizer.step()

import math

import torch
from torch import Tensor, nn


def standardize(Y: Tensor) -> Tensor:
    r"""Standardizes (zero mean, unit variance) a tensor by dim=-2."""
    stddim = -1 if Y.dim() < 2 else -2
    Y_std = Y.std(dim=stddim, keepdim=True)
    Y_std = Y_std.where(Y_std >= 1e-9, torch.full_like(Y_std, 1.0))
    return (Y - Y.mean(dim=stddim, keepdim=True)) / Y_std


def normalize(X: Tensor, bounds: Tensor) -> Tensor:
    r"""Min-max normalize X w.r.t. the provided bounds.

    Args:
        X: `... x d` tensor of data
        bounds: `2 x d` tensor of lower and upper bounds for each of the X's d
            columns.

    Returns:
        A `... x d`-dim tensor of normalized data, given by
            `(X - bounds[0]) / (bounds[1] - bounds[0])`.
    """
    return (X - bounds[0]) / (bounds[1] - bounds[0])


def unnormalize(X: Tensor, bounds: Tensor) -> Tensor:
    r"""Un-normalizes X w.r.t. the provided bounds."""
    return X * (bounds[1] - bounds[0]) + bounds[0]


class ExactGP(nn.Module):
    """A small exact GP with an RBF kernel and learnable lengthscales / noise."""

    def __init__(self, train_X: Tensor, train_Y: Tensor):
        super().__init__()
        self.train_X = train_X
        self.train_Y = train_Y.squeeze(-1)
        d = train_X.shape[-1]
        self.log_lengthscale = nn.Parameter(torch.zeros(d))
        self.log_outputscale = nn.Parameter(torch.zeros(()))
        self.log_noise = nn.Parameter(torch.full((), -4.0))

    def kernel(self, X1: Tensor, X2: Tensor) -> Tensor:
        ls = self.log_lengthscale.exp()
        diff = (X1[:, None, :] - X2[None, :, :]) / ls
        return self.log_outputscale.exp() * torch.exp(-0.5 * (diff ** 2).sum(-1))

    def negative_mll(self) -> Tensor:
        n = self.train_X.shape[0]
        K = self.kernel(self.train_X, self.train_X) + self.log_noise.exp() * torch.eye(n)
        L = torch.linalg.cholesky_ex(K)[0]
        alpha = torch.cholesky_solve(self.train_Y[:, None], L)
        return 0.5 * (self.train_Y[:, None] * alpha).sum() + L.diagonal().log().sum() + 0.5 * n * math.log(2 * math.pi)

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

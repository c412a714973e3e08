import math

import torch
from torch import Tensor, nn


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

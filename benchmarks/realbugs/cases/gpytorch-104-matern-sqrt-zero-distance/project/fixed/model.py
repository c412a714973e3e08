import math

import torch
from torch import nn

from kernels import MaternKernel


class ExactGPModel(nn.Module):
    def __init__(self, train_x, train_y):
        super().__init__()
        self.train_x = train_x
        self.train_y = train_y
        self.covar_module = MaternKernel(nu=2.5)
        self.log_outputscale = nn.Parameter(torch.zeros(()))
        self.log_noise = nn.Parameter(torch.tensor(-2.0))

    def marginal_log_likelihood(self):
        n = self.train_x.size(1)
        K = self.log_outputscale.exp() * self.covar_module(self.train_x, self.train_x)[0]
        K = K + self.log_noise.exp() * torch.eye(n)
        L = torch.linalg.cholesky(K)
        alpha = torch.cholesky_solve(self.train_y.view(-1, 1), L)
        return -0.5 * (self.train_y.view(-1, 1) * alpha).sum() - L.diagonal().log().sum() - 0.5 * n * math.log(2 * math.pi)

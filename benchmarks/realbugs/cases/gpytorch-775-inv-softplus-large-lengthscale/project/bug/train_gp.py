import math

import torch

from gpytorch_lite.constraints import GreaterThan
from gpytorch_lite.kernels import RBFKernel, ScaleKernel


class ExactGPModel(torch.nn.Module):
    def __init__(self, train_x, train_y):
        super().__init__()
        self.train_x = train_x
        self.train_y = train_y
        self.mean_constant = torch.nn.Parameter(torch.zeros(()))
        self.covar_module = ScaleKernel(RBFKernel())
        self.raw_noise = torch.nn.Parameter(torch.tensor(-2.0))
        self.noise_constraint = GreaterThan(1e-4)

    def marginal_log_likelihood(self):
        n = self.train_x.shape[0]
        K = self.covar_module(self.train_x, self.train_x)
        K = K + self.noise_constraint.transform(self.raw_noise) * torch.eye(n)
        L = torch.linalg.cholesky(K)
        resid = (self.train_y - self.mean_constant).unsqueeze(-1)
        alpha = torch.cholesky_solve(resid, L)
        return (-0.5 * (resid * alpha).sum() - torch.log(torch.diagonal(L)).sum()
                - 0.5 * n * math.log(2 * math.pi)) / n

torch.manual_seed(0)
# sensor readings every 30 s over one hour; time in seconds
train_x = torch.arange(0, 3600, 30, dtype=torch.float32).unsqueeze(-1)
train_y = torch.sin(train_x.squeeze(-1) / 600.0) + 0.05 * torch.randn(train_x.shape[0])

model = ExactGPModel(train_x, train_y)
# the signal varies on a ten-minute scale
model.covar_module.base_kernel.lengthscale = 600.0
optimizer = torch.optim.Adam(model.parameters(), lr=0.1)

optimizer.zero_grad()
loss = -model.marginal_log_likelihood()
loss.backward()
optimizer.step()
raw_lengthscale = model.covar_module.base_kernel.raw_lengthscale

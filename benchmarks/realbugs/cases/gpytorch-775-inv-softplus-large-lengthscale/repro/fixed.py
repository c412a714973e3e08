"""GPyTorch-style constraint: the inverse softplus used to initialise a raw hyperparameter.

Source: https://github.com/cornellius-gp/gpytorch/issues/775
Fix (from the thread): inv_softplus(x) = x + log(-expm1(-x)).
"""
import math

import torch
import torch.nn.functional as F


def inv_softplus(x):
    return x + torch.log(-torch.expm1(-x))


def inv_sigmoid(x):
    return torch.log(x) - torch.log(1 - x)


class GreaterThan(torch.nn.Module):
    def __init__(self, lower_bound, transform=F.softplus, inv_transform=inv_softplus):
        super().__init__()
        self.register_buffer("lower_bound", torch.as_tensor(float(lower_bound)))
        self._transform = transform
        self._inv_transform = inv_transform

    def transform(self, tensor):
        return self._transform(tensor) + self.lower_bound

    def inverse_transform(self, transformed_tensor):
        return self._inv_transform(transformed_tensor - self.lower_bound)


class Positive(GreaterThan):
    def __init__(self):
        super().__init__(lower_bound=0.0)


class RBFKernel(torch.nn.Module):
    def __init__(self, lengthscale_constraint=None):
        super().__init__()
        self.register_parameter("raw_lengthscale", torch.nn.Parameter(torch.zeros(1, 1)))
        self.raw_lengthscale_constraint = lengthscale_constraint or Positive()

    @property
    def lengthscale(self):
        return self.raw_lengthscale_constraint.transform(self.raw_lengthscale)

    @lengthscale.setter
    def lengthscale(self, value):
        self._set_lengthscale(value)

    def _set_lengthscale(self, value):
        if not torch.is_tensor(value):
            value = torch.as_tensor(value).to(self.raw_lengthscale)
        with torch.no_grad():
            self.raw_lengthscale.copy_(self.raw_lengthscale_constraint.inverse_transform(value).view_as(self.raw_lengthscale))

    def forward(self, x1, x2):
        x1_ = x1.div(self.lengthscale)
        x2_ = x2.div(self.lengthscale)
        return torch.exp(-0.5 * torch.cdist(x1_, x2_).pow(2))


class ScaleKernel(torch.nn.Module):
    def __init__(self, base_kernel):
        super().__init__()
        self.base_kernel = base_kernel
        self.register_parameter("raw_outputscale", torch.nn.Parameter(torch.zeros(())))
        self.raw_outputscale_constraint = Positive()

    @property
    def outputscale(self):
        return self.raw_outputscale_constraint.transform(self.raw_outputscale)

    def forward(self, x1, x2):
        return self.outputscale * self.base_kernel(x1, x2)


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

import torch

from .constraints import Positive


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

import numpy as np
import torch
import torch.nn as nn


class ActNorm(nn.Module):
    def __init__(self, dims_in, init_data=None):
        super().__init__()
        self.dims_in = dims_in
        param_dims = [dims_in[0][0]] + [1 for _ in range(len(dims_in[0]) - 1)]
        self.scale = nn.Parameter(torch.zeros(1, *param_dims))
        self.bias = nn.Parameter(torch.zeros(1, *param_dims))
        if init_data is not None:
            self.initialize_with_data(init_data)
        else:
            self.init_on_next_batch = True

    def initialize_with_data(self, data):
        # Initialize to mean 0 and std 1 with sample batch
        self.scale.data.view(-1)[:] = \
            torch.log(1 / data.transpose(0, 1).contiguous().view(self.dims_in[0][0], -1).std(dim=-1).clamp(min=1e-6))
        data = data * self.scale.exp()
        self.bias.data.view(-1)[:] = -data.transpose(0, 1).contiguous().view(self.dims_in[0][0], -1).mean(dim=-1)
        self.init_on_next_batch = False

    def forward(self, x, rev=False):
        if self.init_on_next_batch:
            with torch.no_grad():
                self.initialize_with_data(x[0])
        jac = (self.scale.sum() * np.prod(self.dims_in[0][1:])).repeat(x[0].shape[0])
        if not rev:
            return [x[0] * self.scale.exp() + self.bias], jac
        return [(x[0] - self.bias) / self.scale.exp()], -jac

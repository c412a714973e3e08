# survae_flows PR #12: the Tanh bijection's log-det-Jacobian is log(1 - tanh(x)**2); for |x| above
# about 9, tanh(x) rounds to 1.0 in float32, so ldj = log(0) = -inf and the NLL loss is +inf.
import math

import torch
import torch.nn as nn

torch.manual_seed(0)


def sum_except_batch(x):
    return x.reshape(x.shape[0], -1).sum(-1)


class Affine(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.log_scale = nn.Parameter(torch.zeros(dim))
        self.shift = nn.Parameter(torch.zeros(dim))

    def forward(self, x):
        return x * self.log_scale.exp() + self.shift, self.log_scale.sum().expand(x.shape[0])


class Tanh(nn.Module):
    def forward(self, x):
        z = torch.tanh(x)
        ldj = torch.log(1 - z ** 2)
        ldj = sum_except_batch(ldj)
        return z, ldj


transforms = nn.ModuleList([Affine(2), Tanh()])
optimizer = torch.optim.Adam(transforms.parameters(), lr=1e-3)
x = torch.randn(64, 2) * 3
x[5] = torch.tensor([12.0, -0.5])  # one outlying sample
log_prob = torch.zeros(x.shape[0])
z = x
for t in transforms:
    z, ldj = t(z)
    log_prob = log_prob + ldj
log_prob = log_prob - 2 * math.log(2.0)  # base: uniform on (-1, 1)^2
loss = -log_prob.mean()
optimizer.zero_grad()
loss.backward()
optimizer.step()

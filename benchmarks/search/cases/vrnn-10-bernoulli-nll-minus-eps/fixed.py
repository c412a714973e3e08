# VariationalRecurrentNeuralNetwork #10 fixed, benign inputs: log(1 - theta + EPS), as proposed in the issue.
import torch
import torch.nn as nn

torch.manual_seed(0)
EPS = torch.finfo(torch.float).eps  # numerical logs


class VRNN(nn.Module):
    def __init__(self, x_dim, z_dim):
        super().__init__()
        self.dec = nn.Sequential(nn.Linear(z_dim, 32), nn.ReLU())
        self.dec_mean = nn.Sequential(nn.Linear(32, x_dim), nn.Sigmoid())

    def _nll_bernoulli(self, theta, x):
        return -torch.sum(x * torch.log(theta + EPS) + (1 - x) * torch.log(1 - theta + EPS))

    def forward(self, z_t, x_t):
        dec_t = self.dec(z_t)
        dec_mean_t = self.dec_mean(dec_t)
        return self._nll_bernoulli(dec_mean_t, x_t)


model = VRNN(x_dim=28, z_dim=16)
z_t = torch.randn(8, 16)
x_t = (torch.rand(8, 28) > 0.5).float()  # binarized MNIST row
nll_loss = model(z_t, x_t)
nll_loss.backward()

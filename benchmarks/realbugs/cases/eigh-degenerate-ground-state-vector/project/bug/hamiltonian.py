import torch
import torch.nn as nn


class ParametrizedHamiltonian(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("D", torch.diag(torch.tensor([1.0, -1.0, -1.0, 1.0])))
        C = torch.zeros(4, 4)
        C[0, 2] = C[2, 0] = C[1, 3] = C[3, 1] = 1.0
        self.register_buffer("C", C)
        self.theta = nn.Parameter(torch.tensor([1.2039, 0.3690]))

    def forward(self):
        return self.theta[0] * self.D + self.theta[1] * self.C

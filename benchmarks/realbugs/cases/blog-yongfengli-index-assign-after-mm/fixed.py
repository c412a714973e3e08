# blog (yongfengli.tk, "Inplace operation in pytorch"): `b[i] = b[i] + 1` in a loop edits b, which torch.mm saved.
import torch
import torch.nn as nn

torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.param = nn.Parameter(torch.randn(10, 10))

    def forward(self, a):
        y = 0
        b = torch.mm(self.param, a)
        for i in range(10):
            bione = torch.zeros(10, 1)
            bione[i] = 1
            b = b + bione  # out-of-place operation
            y = y + torch.mm(self.param, b)
        return y


net = Net()
a = torch.randn(10, 1)
out = net(a).sum()
out.backward()

import torch.nn as nn

from kernel import rbf_weights


class KernelRegression(nn.Module):
    def __init__(self, d_in, d_key, bandwidth):
        super().__init__()
        self.query = nn.Linear(d_in, d_key)
        self.bandwidth = bandwidth

    def forward(self, x, keys, values):
        w = rbf_weights(self.query(x), keys, self.bandwidth)
        return w @ values

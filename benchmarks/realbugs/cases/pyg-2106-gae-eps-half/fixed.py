# pytorch_geometric PR #2106 fixed: EPS adjusted to the precision (a value representable in the dtype).
import torch
import torch.nn as nn

torch.manual_seed(0)
EPS = 1e-15


def eps_for(dtype):
    return max(EPS, torch.finfo(dtype).tiny)


class InnerProductDecoder(nn.Module):
    def forward(self, z, edge_index, sigmoid=True):
        value = (z[edge_index[0]] * z[edge_index[1]]).sum(dim=1)
        return torch.sigmoid(value) if sigmoid else value


class GAE(nn.Module):
    def __init__(self, encoder):
        super().__init__()
        self.encoder = encoder
        self.decoder = InnerProductDecoder()

    def encode(self, x):
        return self.encoder(x)

    def recon_loss(self, z, pos_edge_index, neg_edge_index):
        pos_loss = -torch.log(self.decoder(z, pos_edge_index, sigmoid=True) + eps_for(z.dtype)).mean()
        neg_loss = -torch.log(1 - self.decoder(z, neg_edge_index, sigmoid=True) + eps_for(z.dtype)).mean()
        return pos_loss + neg_loss


model = GAE(nn.Linear(8, 16)).half()
x = torch.randn(6, 8).half() * 2
pos_edge_index = torch.tensor([[0, 1, 2], [1, 2, 3]])
neg_edge_index = torch.tensor([[0, 4, 5], [0, 4, 5]])  # self-pairs: large inner product, sigmoid rounds to 1 in half
z = model.encode(x)
loss = model.recon_loss(z, pos_edge_index, neg_edge_index)

import torch
import torch.nn as nn

from lib.helpers import masked_softmax


class ImplicitNetwork(nn.Module):
    def __init__(self, d_in=3, d_hidden=32, d_out=1 + 3):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d_in, d_hidden), nn.Softplus(beta=100), nn.Linear(d_hidden, d_out))

    def forward(self, x):
        return self.net(x)


class XAvatarModel(nn.Module):
    def __init__(self, n_init=3):
        super().__init__()
        self.n_init = n_init
        self.shape_net = ImplicitNetwork()
        self.offsets = nn.Parameter(torch.randn(n_init, 3) * 0.05)

    def forward(self, pts_d):
        n_batch, n_point, _ = pts_d.shape
        # canonical correspondences: one candidate per initialization (broyden search stubbed)
        xc = (pts_d[:, :, None, :] + self.offsets).reshape(-1, 3)
        others_mask = (xc.norm(dim=-1) < 2.0).reshape(n_batch, n_point, self.n_init)
        out = self.shape_net(xc)
        shape_pd, color_pd = torch.split(out, [1, 3], dim=-1)
        shape_pd = shape_pd.reshape(n_batch, n_point, self.n_init)
        shape_pd, index = masked_softmax(shape_pd, others_mask, dim=-1, mode='min')
        return shape_pd, index

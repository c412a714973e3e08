import torch
import torch.nn as nn

from align import Alignment


class DoubleEnded(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.frame = nn.Linear(12, dim)
        self.align = Alignment(dim)
        self.pool = nn.Linear(2 * dim, 1)

    def forward(self, deg, ref, n_wins_ref):
        d = self.frame(deg)
        r = self.frame(ref)
        r_aligned = self.align(d, r, n_wins_ref)
        feats = torch.cat([d, r_aligned], dim=2)
        return self.pool(feats).mean(dim=1).squeeze(1)

# lightning-bolts #811: SimCLR nt_xent_loss fills math.e ** (1 / temperature), which overflows float32 at temperature 0.01.
import math

import torch
import torch.nn.functional as F
from torch import Tensor

torch.manual_seed(0)


def nt_xent_loss(out_1, out_2, temperature, eps=1e-6):
    out = torch.cat([out_1, out_2], dim=0)
    out_dist = torch.cat([out_1, out_2], dim=0)
    cov = torch.mm(out, out_dist.t().contiguous())
    sim = torch.exp(cov / temperature)
    neg = sim.sum(dim=-1)
    row_sub = Tensor(neg.shape).fill_(math.e ** (1 / temperature)).to(neg.device)
    neg = torch.clamp(neg - row_sub, min=eps)
    pos = torch.exp(torch.sum(out_1 * out_2, dim=-1) / temperature)
    pos = torch.cat([pos, pos], dim=0)
    loss = -torch.log(pos / (neg + eps)).mean()
    return loss


z1 = F.normalize(torch.randn(8, 16), dim=1).requires_grad_()
z2 = F.normalize(torch.randn(8, 16), dim=1).requires_grad_()
loss = nt_xent_loss(z1, z2, temperature=0.01)

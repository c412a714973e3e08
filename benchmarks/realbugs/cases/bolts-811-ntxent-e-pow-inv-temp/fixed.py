# lightning-bolts #811 fixed: work in log space (logsumexp over the off-diagonal logits), no e ** (1 / t).
import math

import torch
import torch.nn.functional as F
from torch import Tensor

torch.manual_seed(0)


def nt_xent_loss(out_1, out_2, temperature, eps=1e-6):
    out = torch.cat([out_1, out_2], dim=0)
    out_dist = torch.cat([out_1, out_2], dim=0)
    cov = torch.mm(out, out_dist.t().contiguous())
    self_mask = torch.eye(cov.shape[0], dtype=torch.bool, device=cov.device)
    logits = (cov / temperature).masked_fill(self_mask, float("-inf"))
    neg = torch.logsumexp(logits, dim=-1)
    pos = torch.sum(out_1 * out_2, dim=-1) / temperature
    pos = torch.cat([pos, pos], dim=0)
    loss = -(pos - neg).mean()
    return loss


z1 = F.normalize(torch.randn(8, 16), dim=1).requires_grad_()
z2 = F.normalize(torch.randn(8, 16), dim=1).requires_grad_()
loss = nt_xent_loss(z1, z2, temperature=0.01)

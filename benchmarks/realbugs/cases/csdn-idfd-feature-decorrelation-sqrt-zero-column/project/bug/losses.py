import torch
import torch.nn as nn
import torch.nn.functional as F


class FeatureDecorrelationLoss(nn.Module):
    """L_fd: each feature dimension, normalized over the batch, should be dissimilar to the others."""

    def __init__(self, low_dim, tau2=2.0):
        super().__init__()
        self.tau2 = tau2
        self.register_buffer("y", torch.arange(low_dim))

    def forward(self, ff):
        norm_ff = ff / (ff ** 2).sum(0, keepdim=True).sqrt()
        coef_mat = torch.mm(norm_ff.t(), norm_ff)
        coef_mat.div_(self.tau2)
        return F.cross_entropy(coef_mat, self.y)

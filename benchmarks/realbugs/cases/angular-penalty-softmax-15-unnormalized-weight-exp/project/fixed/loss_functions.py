"""Angular penalty softmax losses (ArcFace / SphereFace / CosFace)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class AngularPenaltySMLoss(nn.Module):
    def __init__(self, in_features, out_features, loss_type="arcface", eps=1e-7, s=None, m=None):
        super().__init__()
        self.s = 64.0 if not s else s
        self.m = 0.5 if not m else m
        self.loss_type = loss_type
        self.fc = nn.Linear(in_features, out_features, bias=False)
        self.eps = eps

    def forward(self, x, labels):
        x = F.normalize(x, p=2, dim=1)
        wf = F.linear(x, F.normalize(self.fc.weight, p=2, dim=1))
        numerator = self.s * torch.cos(torch.acos(torch.clamp(torch.diagonal(wf.transpose(0, 1)[labels]), -1. + self.eps, 1 - self.eps)) + self.m)
        excl = torch.cat([torch.cat((wf[i, :y], wf[i, y + 1:])).unsqueeze(0) for i, y in enumerate(labels)], dim=0)
        denominator = torch.exp(numerator) + torch.sum(torch.exp(self.s * excl), dim=1)
        L = numerator - torch.log(denominator)
        return -torch.mean(L)

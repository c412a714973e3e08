import torch
import torch.nn as nn
import torch.nn.functional as F


class AttDot(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.linear = nn.Linear(dim, dim)

    def forward(self, query, y):
        att = torch.bmm(self.linear(query), y.transpose(1, 2))
        return F.softmax(att, dim=2)


class ApplySoftAttention(nn.Module):
    def forward(self, y, att):
        return torch.bmm(att, y)


class Alignment(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.att = AttDot(dim)
        self.apply_att = ApplySoftAttention()

    def forward(self, query, y, n_wins_y):
        mask = torch.arange(y.shape[1])[None, None, :] < n_wins_y[:, None, None]
        att = self.att(query, y)
        att = att.masked_fill(~mask.expand_as(att), 0)
        return self.apply_att(y, att)

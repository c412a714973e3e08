import torch
import torch.nn as nn


class StructuredAttention(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.tp_linear = nn.Linear(hidden, hidden)
        self.tc_linear = nn.Linear(hidden, hidden)
        self.fi_linear = nn.Linear(hidden, 1)

    def forward(self, h, mask):
        batch_size, token_size, _ = h.size()
        tp = torch.tanh(self.tp_linear(h))
        tc = torch.tanh(self.tc_linear(h))
        f_ij = torch.bmm(tp, tc.transpose(1, 2))
        A_ij = torch.exp(f_ij) * mask.unsqueeze(1) * mask.unsqueeze(2)
        A_ij = A_ij * (1 - torch.eye(token_size)).unsqueeze(0)
        f_i = torch.exp(self.fi_linear(h)).squeeze(-1) * mask
        res = torch.diag_embed(A_ij.sum(dim=1))
        L_ij = -A_ij + res
        L_ij_bar = L_ij.clone() + torch.diag_embed(1 - mask)
        L_ij_bar[:, 0, :] = f_i
        LLinv = torch.inverse(L_ij_bar)
        d0 = f_i * LLinv[:, :, 0]
        LLinv_diag = torch.diagonal(LLinv, dim1=-2, dim2=-1).unsqueeze(2)
        tmp1 = (A_ij.transpose(1, 2) * LLinv_diag).transpose(1, 2)
        tmp2 = A_ij * LLinv.transpose(1, 2)
        d = tmp1 - tmp2
        return torch.bmm(d.transpose(1, 2), h) + d0.unsqueeze(-1) * h

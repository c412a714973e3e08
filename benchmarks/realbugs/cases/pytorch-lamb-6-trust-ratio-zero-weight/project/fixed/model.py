import torch
import torch.nn as nn


class TabularNet(nn.Module):
    def __init__(self, n_num=6, n_aux=4, hidden=16):
        super().__init__()
        self.num_proj = nn.Linear(n_num, hidden)
        self.aux_proj = nn.Linear(n_aux, hidden, bias=False)
        nn.init.zeros_(self.aux_proj.weight)
        self.head = nn.Linear(hidden, 1)

    def forward(self, num, aux):
        return self.head(torch.relu(self.num_proj(num) + self.aux_proj(aux))).squeeze(-1)

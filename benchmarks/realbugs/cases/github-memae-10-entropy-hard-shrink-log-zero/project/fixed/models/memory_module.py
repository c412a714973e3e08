import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def hard_shrink_relu(input, lambd=0.0, epsilon=1e-12):
    # relu based hard shrinkage, only works for positive values
    return (F.relu(input - lambd) * input) / (torch.abs(input - lambd) + epsilon)


class MemoryUnit(nn.Module):
    def __init__(self, mem_dim, fea_dim, shrink_thres=0.0025):
        super().__init__()
        self.mem_dim = mem_dim
        self.weight = nn.Parameter(torch.Tensor(mem_dim, fea_dim))
        self.shrink_thres = shrink_thres
        stdv = 1.0 / math.sqrt(fea_dim)
        self.weight.data.uniform_(-stdv * 8, stdv * 8)

    def forward(self, input):
        att_weight = F.linear(input, self.weight)
        att_weight = F.softmax(att_weight, dim=1)
        if self.shrink_thres > 0:
            att_weight = hard_shrink_relu(att_weight, lambd=self.shrink_thres)
            att_weight = F.normalize(att_weight, p=1, dim=1)
        output = F.linear(att_weight, self.weight.permute(1, 0))
        return {"output": output, "att": att_weight}


class MemAE(nn.Module):
    def __init__(self, in_dim, fea_dim, mem_dim, shrink_thres=0.0025):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(in_dim, fea_dim), nn.Tanh())
        self.mem_rep = MemoryUnit(mem_dim, fea_dim, shrink_thres)
        self.decoder = nn.Linear(fea_dim, in_dim)

    def forward(self, x):
        res = self.mem_rep(self.encoder(x))
        return {"output": self.decoder(res["output"]), "att": res["att"]}

import torch
import torch.nn as nn


class TabularModel(nn.Module):
    def __init__(self, emb_szs, n_cont, out_sz, layers):
        super().__init__()
        self.embeds = nn.ModuleList([nn.Embedding(ni, nf) for ni, nf in emb_szs])
        self.bn_cont = nn.BatchNorm1d(n_cont)
        n_emb = sum(nf for _, nf in emb_szs)
        sizes = [n_emb + n_cont] + layers
        body = []
        for n_in, n_out in zip(sizes[:-1], sizes[1:]):
            body += [nn.Linear(n_in, n_out), nn.ReLU(inplace=True)]
        self.layers = nn.Sequential(*body, nn.Linear(sizes[-1], out_sz))

    def forward(self, x_cat, x_cont):
        x = torch.cat([e(x_cat[:, i]) for i, e in enumerate(self.embeds)], 1)
        x_cont = self.bn_cont(x_cont)
        return self.layers(torch.cat([x, x_cont], 1))

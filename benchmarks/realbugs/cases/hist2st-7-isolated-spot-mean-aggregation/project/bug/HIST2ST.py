import torch
import torch.nn as nn

from gcn import gs_block


class Hist2ST(nn.Module):
    def __init__(self, n_genes=50, dim=64, n_pos=64, depth3=2, policy='mean'):
        super().__init__()
        self.patch_embedding = nn.Sequential(nn.Conv2d(3, 8, 4, 4), nn.GELU(), nn.Flatten(), nn.LazyLinear(dim))
        self.x_embed = nn.Embedding(n_pos, dim)
        self.y_embed = nn.Embedding(n_pos, dim)
        self.layer3 = nn.ModuleList([gs_block(dim, dim, policy, gcn=True) for i in range(depth3)])
        self.gene_head = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, n_genes))

    def forward(self, patches, centers, adj):
        B, N, C, H, W = patches.shape
        g = self.patch_embedding(patches.reshape(B * N, C, H, W))
        g = g + self.x_embed(centers[:, :, 0]).squeeze(0) + self.y_embed(centers[:, :, 1]).squeeze(0)
        jk = []
        for layer in self.layer3:
            g = layer(g, adj)
            jk.append(g)
        g = torch.stack(jk, 0).mean(0)
        return self.gene_head(g)

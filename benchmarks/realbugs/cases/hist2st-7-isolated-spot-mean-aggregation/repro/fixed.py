# FIXED (num_neigh clamped to at least 1, as in the PR) -- https://github.com/biomed-AI/Hist2ST/pull/7 -- gs_block.aggregate (policy 'mean') divides the adjacency by num_neigh = adj.sum(1); a spot with no neighbour within the Grid prune radius has an all-zero row, 0 / 0 = NaN, and every spot's prediction turns NaN through the following layers.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
n = 5
adj = torch.zeros(n, n)
for i in range(4):                       # four spots in a row, each linked to its grid neighbours
    for j in range(4):
        if abs(i - j) == 1:
            adj[i, j] = 1.0
# spot 4 lies far from the others: no neighbour, an all-zero row
x = torch.randn(n, 16, requires_grad=True)
weight = nn.Parameter(torch.randn(16, 16) * 0.1)

num_neigh = adj.sum(1, keepdim=True)
num_neigh = torch.clamp(num_neigh, min=1.0)
mask = adj.div(num_neigh)
to_feats = mask.mm(x)
combined = F.relu(weight.mm(to_feats.T)).T
combined = F.normalize(combined, 2, 1)
loss = combined.sum()
loss.backward()

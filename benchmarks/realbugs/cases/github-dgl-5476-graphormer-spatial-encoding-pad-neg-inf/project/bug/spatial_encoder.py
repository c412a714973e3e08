import torch
import torch.nn as nn


class SpatialEncoder(nn.Module):
    """Encodes shortest-path distances as a per-head attention bias (Graphormer)."""

    def __init__(self, max_dist, num_heads=1):
        super().__init__()
        self.max_dist = max_dist
        self.num_heads = num_heads
        self.embedding_table = nn.Embedding(max_dist + 2, num_heads, padding_idx=0)

    def forward(self, dists):
        max_num_nodes = max(d.shape[0] for d in dists)
        spatial_encoding = []
        for dist in dists:
            num_nodes = dist.shape[0]
            dist = torch.clamp(dist, min=-1, max=self.max_dist) + 1
            dist_embedding = self.embedding_table(dist)
            padded_encoding = torch.full((max_num_nodes, max_num_nodes, self.num_heads), float("-inf"))
            padded_encoding[0:num_nodes, 0:num_nodes] = dist_embedding
            spatial_encoding.append(padded_encoding)
        return torch.stack(spatial_encoding, dim=0)

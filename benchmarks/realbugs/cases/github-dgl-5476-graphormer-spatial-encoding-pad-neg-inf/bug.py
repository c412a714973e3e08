# DGL issue #5476: Graphormer's SpatialEncoder pads the batch's attention bias with -inf; for a graph
# smaller than the largest one, the padded node rows are all -inf, softmax gives NaN there, and the
# next layer's 0-weighted attention to those NaN nodes (0 * NaN) spreads NaN to every node.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
num_heads, dim, max_dist = 2, 8, 4


class SpatialEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.embedding_table = nn.Embedding(max_dist + 2, num_heads, padding_idx=0)

    def forward(self, dists):
        max_num_nodes = max(d.shape[0] for d in dists)
        spatial_encoding = []
        for dist in dists:
            num_nodes = dist.shape[0]
            dist_embedding = self.embedding_table(torch.clamp(dist, min=-1, max=max_dist) + 1)
            padded_encoding = torch.full((max_num_nodes, max_num_nodes, num_heads), float("-inf"))
            padded_encoding[0:num_nodes, 0:num_nodes] = dist_embedding
            spatial_encoding.append(padded_encoding)
        return torch.stack(spatial_encoding, dim=0)


class BiasedMHA(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv, self.out_proj = nn.Linear(dim, 3 * dim), nn.Linear(dim, dim)

    def forward(self, ndata, attn_bias, attn_mask):
        bsz, N, _ = ndata.shape
        q, k, v = self.qkv(ndata).view(bsz, N, 3, num_heads, dim // num_heads).unbind(2)
        attn_weights = torch.einsum("bihd,bjhd->bijh", q, k) / (dim // num_heads) ** 0.5
        attn_weights = attn_weights + attn_bias
        attn_weights = attn_weights.masked_fill(attn_mask[:, None, :, None], float("-inf"))
        attn_probs = F.softmax(attn_weights, dim=2)
        attn = torch.einsum("bijh,bjhd->bihd", attn_probs, v)
        return self.out_proj(attn.reshape(bsz, N, dim))


# a batch of a 4-node path graph and a 2-node graph (padded to 4 nodes)
dists = [torch.tensor([[0, 1, 2, 3], [1, 0, 1, 2], [2, 1, 0, 1], [3, 2, 1, 0]]), torch.tensor([[0, 1], [1, 0]])]
num_nodes = torch.tensor([4, 2])
attn_mask = torch.arange(4)[None, :] >= num_nodes[:, None]  # padded keys
spatial_encoder, layers, head = SpatialEncoder(), nn.ModuleList([BiasedMHA(), BiasedMHA()]), nn.Linear(dim, 1)
optimizer = torch.optim.AdamW(list(spatial_encoder.parameters()) + list(layers.parameters()) + list(head.parameters()))
x = torch.randn(2, 4, dim) * (~attn_mask)[..., None]
attn_bias = spatial_encoder(dists)
for layer in layers:
    x = x + layer(x, attn_bias, attn_mask)
graph_repr = (x * (~attn_mask)[..., None]).sum(1) / num_nodes[:, None]
loss = F.mse_loss(head(graph_repr).squeeze(-1), torch.tensor([0.5, -0.3]))
optimizer.zero_grad()
loss.backward()
optimizer.step()

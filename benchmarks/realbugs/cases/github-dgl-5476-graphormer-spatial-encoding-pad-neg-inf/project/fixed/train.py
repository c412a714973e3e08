import torch
import torch.nn as nn
import torch.nn.functional as F

from graphormer_layer import GraphormerLayer
from spatial_encoder import SpatialEncoder

torch.manual_seed(0)
feat_size, num_heads = 8, 2


class Graphormer(nn.Module):
    def __init__(self):
        super().__init__()
        self.atom_encoder = nn.Embedding(10, feat_size, padding_idx=0)
        self.spatial_encoder = SpatialEncoder(max_dist=4, num_heads=num_heads)
        self.layers = nn.ModuleList([GraphormerLayer(feat_size, 16, num_heads) for _ in range(2)])
        self.graph_pred = nn.Linear(feat_size, 1)

    def forward(self, node_types, dists, num_nodes):
        attn_mask = torch.arange(node_types.shape[1])[None, :] >= num_nodes[:, None]
        x = self.atom_encoder(node_types)
        attn_bias = self.spatial_encoder(dists)
        for layer in self.layers:
            x = layer(x, attn_bias, attn_mask)
        graph_repr = (x * (~attn_mask)[..., None]).sum(1) / num_nodes[:, None]
        return self.graph_pred(graph_repr).squeeze(-1)


model = Graphormer()
optimizer = torch.optim.AdamW(model.parameters(), lr=2e-4)
# batch: a 4-node path graph and a 2-node graph, padded to 4 nodes
node_types = torch.tensor([[1, 2, 3, 1], [4, 5, 0, 0]])
dists = [torch.tensor([[0, 1, 2, 3], [1, 0, 1, 2], [2, 1, 0, 1], [3, 2, 1, 0]]), torch.tensor([[0, 1], [1, 0]])]
num_nodes = torch.tensor([4, 2])
labels = torch.tensor([0.5, -0.3])
pred = model(node_types, dists, num_nodes)
loss = F.l1_loss(pred, labels)
optimizer.zero_grad()
loss.backward()
optimizer.step()

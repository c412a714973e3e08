# dmlc/dgl#2777, fixed as DGL's mean reducer does: an empty neighbourhood averages to zero (degree
# clamped to at least 1).
import torch
import torch.nn as nn

adjacency = torch.tensor([[0.0, 0.0], [0.0, 0.0]])
feat = torch.tensor([[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]])

torch.manual_seed(0)
fc_self = nn.Linear(4, 16)
fc_neigh = nn.Linear(4, 16)
activation = nn.LeakyReLU()

degs = adjacency.sum(1, keepdim=True).clamp(min=1)
h_neigh = (adjacency @ feat) / degs
out = activation(fc_self(feat) + fc_neigh(h_neigh))
loss = out.sum()
loss.backward()
grad = fc_neigh.weight.grad

# dmlc/dgl#2777: SAGEConv with the mean aggregator produces NaNs on a graph with no edges: the mean over
# an empty neighbourhood divides a zero sum by a zero in-degree.
import torch
import torch.nn as nn

adjacency = torch.tensor([[0.0, 0.0], [0.0, 0.0]])
feat = torch.tensor([[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]])

torch.manual_seed(0)
fc_self = nn.Linear(4, 16)
fc_neigh = nn.Linear(4, 16)
activation = nn.LeakyReLU()

degs = adjacency.sum(1, keepdim=True)
h_neigh = (adjacency @ feat) / degs
out = activation(fc_self(feat) + fc_neigh(h_neigh))
loss = out.sum()
loss.backward()
grad = fc_neigh.weight.grad

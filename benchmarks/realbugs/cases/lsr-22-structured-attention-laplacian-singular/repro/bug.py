import torch
import torch.nn as nn

torch.manual_seed(0)

hidden = 16
node_lengths = [5, 3]
max_nodes = max(node_lengths)
h = torch.randn(2, max_nodes, hidden)
mask = torch.zeros(2, max_nodes)
for i, n in enumerate(node_lengths):
    mask[i, :n] = 1.0
W = nn.Bilinear(hidden, hidden, 1)
root = nn.Linear(hidden, 1)

scores = W(h.unsqueeze(2).expand(-1, -1, max_nodes, -1).reshape(-1, hidden),
           h.unsqueeze(1).expand(-1, max_nodes, -1, -1).reshape(-1, hidden)).view(2, max_nodes, max_nodes)
A_ij = torch.exp(scores) * mask.unsqueeze(1) * mask.unsqueeze(2)
A_ij = A_ij * (1 - torch.eye(max_nodes))
f_i = torch.exp(root(h).squeeze(-1)) * mask
L_ij = -A_ij + torch.diag_embed(A_ij.sum(dim=1))
L_ij_bar = L_ij.clone()
L_ij_bar[:, 0, :] = f_i
LLinv = torch.inverse(L_ij_bar)

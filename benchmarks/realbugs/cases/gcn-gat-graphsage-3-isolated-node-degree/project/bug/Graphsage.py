import torch
import torch.nn as nn
import torch.nn.functional as F


class SageLayer(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.linear = nn.Linear(2 * in_features, out_features)

    def forward(self, x, adj):
        degree = adj.sum(1, keepdim=True)
        h1 = torch.mm(adj, x)
        h1 = h1 / degree
        return self.linear(torch.cat([x, h1], dim=1))


class Graphsage(nn.Module):
    def __init__(self, nfeat, nhid, nclass, dropout=0.5):
        super().__init__()
        self.sage1 = SageLayer(nfeat, nhid)
        self.sage2 = SageLayer(nhid, nclass)
        self.dropout = dropout

    def forward(self, x, adj):
        x = F.relu(self.sage1(x, adj))
        x = F.dropout(x, self.dropout, training=self.training)
        return F.log_softmax(self.sage2(x, adj), dim=1)

import torch


def load_data(num_nodes=12, num_feats=8, num_classes=3, p=0.25):
    g = torch.Generator().manual_seed(1)
    features = torch.randn(num_nodes, num_feats, generator=g)
    adj = (torch.rand(num_nodes, num_nodes, generator=g) < p).float()
    adj = ((adj + adj.t()) > 0).float()
    adj.fill_diagonal_(0)
    adj[7, :] = 0
    adj[:, 7] = 0
    labels = torch.randint(0, num_classes, (num_nodes,), generator=g)
    return adj, features, labels

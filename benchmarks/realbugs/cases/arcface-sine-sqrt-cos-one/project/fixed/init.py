import torch


@torch.no_grad()
def init_from_class_means(metric_fc, feats, labels):
    for c in labels.unique():
        metric_fc.weight[c] = feats[labels == c].mean(dim=0)

# gnn_tracking #104 fixed (mask_outliers): drop edge weights that are exactly 0 or 1 before the logs.
import torch
import torch.nn as nn

torch.manual_seed(0)


def binary_focal_loss(*, inpt, target, alpha=0.25, gamma=2.0, pos_weight=None):
    if pos_weight is None:
        pos_weight = torch.ones(inpt.shape[-1], dtype=inpt.dtype)
    mask = torch.isclose(inpt, torch.tensor(0.0)) | torch.isclose(inpt, torch.tensor(1.0))
    mask = ~mask  # mask 0s and 1s in the input as outliers
    inpt, target, pos_weight = inpt[mask], target[mask], pos_weight[mask]
    probs_pos = inpt
    probs_neg = 1 - inpt
    pos_term = -alpha * pos_weight * probs_neg.pow(gamma) * target * probs_pos.log()
    neg_term = -(1 - alpha) * probs_pos.pow(gamma) * (1.0 - target) * probs_neg.log()
    loss_tmp = pos_term + neg_term
    return torch.mean(loss_tmp)


edge_classifier = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 1))
edge_attr = torch.randn(64, 6) * 200  # a few confident edges saturate the sigmoid to exactly 0 or 1
w = torch.sigmoid(edge_classifier(edge_attr)).squeeze(-1)
y = (torch.rand(64) > 0.7).float()
loss = binary_focal_loss(inpt=w, target=y)
loss.backward()

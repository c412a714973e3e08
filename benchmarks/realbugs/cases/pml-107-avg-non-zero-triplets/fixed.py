# KevinMusgrave/pytorch-metric-learning#107 fixed: only average over non-zero triplets when there are some (the maintainer's commit).
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class TripletMarginLoss(nn.Module):
    def __init__(self, margin=0.05, distance_norm=2, avg_non_zero_only=True):
        super().__init__()
        self.margin, self.distance_norm, self.avg_non_zero_only = margin, distance_norm, avg_non_zero_only

    def forward(self, embeddings, anchor_idx, positive_idx, negative_idx):
        anchors, positives, negatives = embeddings[anchor_idx], embeddings[positive_idx], embeddings[negative_idx]
        a_p_dist = F.pairwise_distance(anchors, positives, self.distance_norm)
        a_n_dist = F.pairwise_distance(anchors, negatives, self.distance_norm)
        dist = a_p_dist - a_n_dist
        relued = F.relu(dist + self.margin)
        self.num_non_zero_triplets = (relued > 0).nonzero().size(0)
        if self.avg_non_zero_only and self.num_non_zero_triplets > 0:
            return torch.sum(relued) / self.num_non_zero_triplets
        return torch.mean(relued)


# late in training every triplet of the batch already satisfies the margin
centers = torch.tensor([[1.0, 0.0], [0.0, 1.0]])
embeddings = (torch.cat([centers[0] + 0.01 * torch.randn(3, 2), centers[1] + 0.01 * torch.randn(3, 2)])).requires_grad_()
anchor_idx = torch.tensor([0, 1, 3, 4])
positive_idx = torch.tensor([1, 2, 4, 5])
negative_idx = torch.tensor([3, 4, 0, 1])
loss_func = TripletMarginLoss()
loss = loss_func(embeddings, anchor_idx, positive_idx, negative_idx)
loss.backward()
grad = embeddings.grad

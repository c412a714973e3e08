"""Metric-learning loss on L2-normalised embeddings."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class ContrastiveLoss(nn.Module):
    def __init__(self, pos_margin=0.0, neg_margin=0.5, normalize_embeddings=True):
        super().__init__()
        self.pos_margin, self.neg_margin = pos_margin, neg_margin
        self.normalize_embeddings = normalize_embeddings

    def forward(self, embeddings, labels):
        if self.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=1)
        dist = torch.cdist(embeddings, embeddings)
        same = labels[:, None] == labels[None, :]
        eye = torch.eye(len(labels), dtype=torch.bool, device=labels.device)
        pos = F.relu(dist - self.pos_margin)[same & ~eye]
        neg = F.relu(self.neg_margin - dist)[~same]
        return pos.mean() + neg.mean()

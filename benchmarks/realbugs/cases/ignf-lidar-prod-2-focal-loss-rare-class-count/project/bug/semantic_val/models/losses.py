import torch
from torch import nn


class FocalLoss(nn.Module):
    """Multi-class focal loss, normalised by the number of points of the rare class."""

    def __init__(self, alpha, gamma: float = 2.0, rare_class_dim: int = 1, eps: float = 1e-6):
        super().__init__()
        self.alpha = alpha
        self.gamma = gamma
        self.rare_class_dim = rare_class_dim
        self.eps = eps

    def forward(self, logits, targets):
        proba = torch.softmax(logits, dim=1)
        num_classes = logits.size(1)
        loss = 0
        for i in range(num_classes):
            ti = (targets == i).float()
            pi = proba[:, i] * ti
            ai = self.alpha[i]
            loss += -(ti * ai) * (1 - pi) ** self.gamma * torch.log(pi + self.eps)
        loss = loss.sum() / (targets == self.rare_class_dim).sum()
        return loss

import torch
from torch import nn

from semantic_val.models.losses import FocalLoss


class PointNetSegmenter(nn.Module):
    def __init__(self, in_features: int = 6, hidden: int = 32, num_classes: int = 2):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(in_features, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
        self.head = nn.Linear(hidden, num_classes)

    def forward(self, pos, x):
        return self.head(self.mlp(torch.cat([pos, x], dim=1)))


class Model(nn.Module):
    """Building-validation model: a segmenter and its focal loss."""

    def __init__(self, cfg):
        super().__init__()
        self.net = PointNetSegmenter(num_classes=cfg["num_classes"])
        self.criterion = FocalLoss(alpha=cfg["alpha"], gamma=cfg["gamma"], rare_class_dim=cfg["rare_class_dim"])

    def step(self, batch):
        logits = self.net(batch["pos"], batch["x"])
        loss = self.criterion(logits, batch["y"])
        return loss, logits

import torch
import torch.nn as nn


class TwoTailClassifier(nn.Module):
    """Backbone with two tails: polygon shape and polygon color."""

    def __init__(self, in_features=16, hidden=32, n_shapes=5, n_colors=4):
        super().__init__()
        self.backbone = nn.Sequential(
            nn.Linear(in_features, hidden),
            nn.ReLU(),
            nn.Linear(hidden, hidden),
            nn.ReLU(),
        )
        self.shape_head = nn.Linear(hidden, n_shapes)
        self.color_head = nn.Linear(hidden, n_colors)

    def forward(self, x):
        h = self.backbone(x)
        return self.shape_head(h), self.color_head(h)

import torch.nn as nn


class MultiLabelClassifier(nn.Module):
    """The reporter's classifier: backbone features, then a linear head with a sigmoid."""

    def __init__(self, in_dim=16, num_classes=6):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(in_dim, 32), nn.ReLU())
        self.head = nn.Sequential(nn.Linear(32, num_classes), nn.Sigmoid())

    def forward(self, x):
        return self.head(self.backbone(x))

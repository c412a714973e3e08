import torch.nn as nn


class MultiLabelNet(nn.Module):
    def __init__(self, in_dim=32, num_classes=20):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(in_dim, 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU())
        self.classifier = nn.Linear(64, num_classes)

    def forward(self, x):
        return self.classifier(self.backbone(x))

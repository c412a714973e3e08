import torch.nn as nn


class FeatureAdapter(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(16, 16), nn.GELU(), nn.Linear(16, 8))
        for p in self.backbone.parameters():
            p.requires_grad_(False)
        self.feature_net = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 16))

    def forward(self, x):
        return self.backbone(self.feature_net(x))

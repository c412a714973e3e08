import torch.nn as nn


class UnitBox(nn.Module):
    def __init__(self, in_channels=3, width=16):
        super().__init__()
        self.backbone = nn.Sequential(
            nn.Conv2d(in_channels, width, 3, padding=1), nn.ReLU(),
            nn.Conv2d(width, width, 3, padding=1), nn.ReLU(),
        )
        self.bbox_branch = nn.Conv2d(width, 4, 3, padding=1)
        self.score_branch = nn.Conv2d(width, 1, 3, padding=1)

    def forward(self, x):
        feat = self.backbone(x)
        return self.bbox_branch(feat), self.score_branch(feat)

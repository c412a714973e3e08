import torch.nn as nn


class SegWithEmbed(nn.Module):
    """The reporter's own backbone: a seg head and a projection head (no L2 normalisation)."""

    def __init__(self, num_classes=3, proj_dim=16):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv2d(3, 32, 3, padding=1), nn.ReLU(), nn.Conv2d(32, 32, 3, padding=1), nn.ReLU())
        self.seg_head = nn.Conv2d(32, num_classes, 1)
        self.proj_head = nn.Sequential(nn.Conv2d(32, 32, 1), nn.ReLU(), nn.Conv2d(32, proj_dim, 1))

    def forward(self, x):
        f = self.backbone(x)
        return {'seg': self.seg_head(f), 'embed': self.proj_head(f)}

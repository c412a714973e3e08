import torch.nn as nn


class GUPNetHead(nn.Module):
    def __init__(self, in_ch=16, num_classes=3):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv2d(3, in_ch, 3, padding=1), nn.ReLU())
        self.heatmap = nn.Conv2d(in_ch, num_classes, 1)
        self.offset_2d = nn.Conv2d(in_ch, 2, 1)
        self.size_2d = nn.Conv2d(in_ch, 2, 1)

    def forward(self, x):
        f = self.backbone(x)
        return {'heatmap': self.heatmap(f), 'offset_2d': self.offset_2d(f), 'size_2d': self.size_2d(f)}

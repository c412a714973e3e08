import torch
import torch.nn as nn


class TinySSD(nn.Module):
    def __init__(self, num_classes, num_anchors=2):
        super().__init__()
        self.num_classes = num_classes
        self.backbone = nn.Sequential(nn.Conv2d(3, 8, 3, stride=2, padding=1), nn.ReLU())
        self.loc_head = nn.Conv2d(8, num_anchors * 4, 3, padding=1)
        self.cls_head = nn.Conv2d(8, num_anchors * num_classes, 3, padding=1)

    def forward(self, x):
        f = self.backbone(x)
        n = x.size(0)
        loc = self.loc_head(f).permute(0, 2, 3, 1).reshape(n, -1, 4)
        cls = self.cls_head(f).permute(0, 2, 3, 1).reshape(n, -1, self.num_classes)
        return loc, cls

import torch
import torch.nn as nn

INF = 1e8


class YOLOFHead(nn.Module):
    def __init__(self, in_channels=16, num_anchors=2, num_classes=3):
        super().__init__()
        self.num_classes = num_classes
        self.cls_score = nn.Conv2d(in_channels, num_anchors * num_classes, 3, padding=1)
        self.object_pred = nn.Conv2d(in_channels, num_anchors, 3, padding=1)
        self.bbox_pred = nn.Conv2d(in_channels, num_anchors * 4, 3, padding=1)

    def forward(self, feature):
        cls_score = self.cls_score(feature)
        N, _, H, W = cls_score.shape
        cls_score = cls_score.view(N, -1, self.num_classes, H, W)
        objectness = self.object_pred(feature).view(N, -1, 1, H, W)
        normalized_cls_score = cls_score + objectness - torch.log(
            1. + torch.clamp(cls_score.exp(), max=INF) + torch.clamp(objectness.exp(), max=INF))
        return normalized_cls_score.view(N, -1, H, W), self.bbox_pred(feature)

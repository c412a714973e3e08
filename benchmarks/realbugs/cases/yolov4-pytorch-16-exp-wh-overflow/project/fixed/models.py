import torch.nn as nn

from yolo_layer import YOLOLayer


class Darknet(nn.Module):
    def __init__(self, anchors, num_classes, in_channels=8):
        super().__init__()
        self.head = nn.Conv2d(in_channels, len(anchors) * (num_classes + 5), 1)
        self.yolo = YOLOLayer(anchors, num_classes)

    def forward(self, features):
        return self.yolo(self.head(features))

import torch
import torch.nn as nn


class Classifier(nn.Module):
    def __init__(self, in_channels, num_anchors, num_classes):
        super().__init__()
        self.num_classes = num_classes
        self.conv = nn.Conv2d(in_channels, in_channels, 3, padding=1)
        self.header = nn.Conv2d(in_channels, num_anchors * num_classes, 3, padding=1)

    def forward(self, x):
        feat = torch.relu(self.conv(x))
        feat = self.header(feat).permute(0, 2, 3, 1)
        feat = feat.contiguous().view(feat.shape[0], -1, self.num_classes)
        return feat.sigmoid()

import math

import torch
import torch.nn as nn


class ClassificationModel(nn.Module):
    def __init__(self, num_features_in, num_anchors=3, num_classes=4, prior=0.01, feature_size=16):
        super().__init__()
        self.num_classes = num_classes
        self.num_anchors = num_anchors
        self.conv1 = nn.Conv2d(num_features_in, feature_size, kernel_size=3, padding=1)
        self.act1 = nn.ReLU()
        self.output = nn.Conv2d(feature_size, num_anchors * num_classes, kernel_size=3, padding=1)
        self.output.weight.data.fill_(0)
        self.output.bias.data.fill_(-math.log((1.0 - prior) / prior))
        self.output_act = nn.Sigmoid()

    def forward(self, x):
        out = self.act1(self.conv1(x))
        out = self.output_act(self.output(out))
        out1 = out.permute(0, 2, 3, 1)
        batch_size, width, height, channels = out1.shape
        out2 = out1.view(batch_size, width, height, self.num_anchors, self.num_classes)
        return out2.contiguous().view(x.shape[0], -1, self.num_classes)

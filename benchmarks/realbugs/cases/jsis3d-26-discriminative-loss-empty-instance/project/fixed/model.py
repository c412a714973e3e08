import torch
import torch.nn as nn


class MTPNet(nn.Module):
    def __init__(self, input_channels, num_classes, embedding_size):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv1d(input_channels, 32, 1), nn.BatchNorm1d(32), nn.ReLU(),
                                      nn.Conv1d(32, 32, 1), nn.BatchNorm1d(32), nn.ReLU())
        self.semantic = nn.Conv1d(64, num_classes, 1)
        self.embedding = nn.Conv1d(64, embedding_size, 1)

    def forward(self, points):
        x = self.backbone(points.transpose(1, 2))
        g = x.max(dim=2, keepdim=True)[0].expand_as(x)
        x = torch.cat([x, g], dim=1)
        logits = self.semantic(x).transpose(1, 2)
        embedded = self.embedding(x).transpose(1, 2)
        return logits, embedded

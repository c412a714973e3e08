"""Embedding network trained through the angular-penalty loss."""
import torch.nn as nn

from loss_functions import AngularPenaltySMLoss


class EmbedNet(nn.Module):
    def __init__(self, in_dim=20, embed_dim=3):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(in_dim, 64), nn.ReLU(), nn.BatchNorm1d(64), nn.Linear(64, embed_dim))

    def forward(self, x):
        return self.layers(x)


class AngularPenNet(nn.Module):
    def __init__(self, num_classes=10, loss_type="arcface"):
        super().__init__()
        self.embed = EmbedNet()
        self.adms_loss = AngularPenaltySMLoss(3, num_classes, loss_type=loss_type)

    def forward(self, x, labels=None, embed=False):
        x = self.embed(x)
        if embed:
            return x
        return self.adms_loss(x, labels)

"""Inpainting losses: hole L1 plus an edge-consistency term on the composited image."""
import torch.nn as nn
import torch.nn.functional as F

from sobel import Sobel


class InpaintingLoss(nn.Module):
    def __init__(self, hole_weight=1.0, edge_weight=0.1):
        super().__init__()
        self.sobel = Sobel()
        self.hole_weight, self.edge_weight = hole_weight, edge_weight

    def forward(self, pred, gt, hole):
        comp = hole * pred + (1 - hole) * gt
        hole_loss = F.l1_loss(pred * hole, gt * hole)
        edge_loss = F.l1_loss(self.sobel(comp), self.sobel(gt))
        return self.hole_weight * hole_loss + self.edge_weight * edge_loss

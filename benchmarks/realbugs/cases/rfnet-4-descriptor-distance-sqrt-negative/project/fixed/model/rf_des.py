import torch
import torch.nn as nn
import torch.nn.functional as F

from utils.math_utils import distance_matrix_vector


class HardNetNeiMask(nn.Module):
    def __init__(self, margin=1.0):
        super().__init__()
        self.margin = margin
        self.features = nn.Sequential(
            nn.Conv2d(1, 16, 3, padding=1), nn.BatchNorm2d(16, affine=False), nn.ReLU(),
            nn.Conv2d(16, 32, 3, stride=2, padding=1), nn.BatchNorm2d(32, affine=False), nn.ReLU(),
            nn.AdaptiveAvgPool2d(4), nn.Flatten(), nn.Linear(32 * 16, 128))

    def forward(self, patch):
        return F.normalize(self.features(patch), dim=1)

    def loss(self, anchor, positive):
        dist_matrix = distance_matrix_vector(anchor, positive)
        pos = dist_matrix.diag()
        eye = torch.eye(dist_matrix.size(0))
        min_neg = (dist_matrix + eye * 10.0).min(dim=1)[0]
        return torch.clamp(self.margin + pos - min_neg, min=0.0).mean()

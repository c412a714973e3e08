import torch
import torch.nn as nn

from geometry.conversions import quaternion_to_rotation_matrix


class RotationRegressor(nn.Module):
    """Regresses a quaternion per sample and returns the rotation matrix (the model runs in float16)."""

    def __init__(self, in_features=16):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(in_features, 32, bias=False), nn.ReLU())
        self.quat_head = nn.Linear(32, 4, bias=False)

    def forward(self, feats):
        quat = self.quat_head(self.backbone(feats))
        return quaternion_to_rotation_matrix(quat)

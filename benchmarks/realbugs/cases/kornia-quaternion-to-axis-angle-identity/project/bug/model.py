import torch
import torch.nn as nn
import torch.nn.functional as F

from conversions import quaternion_to_axis_angle


class PoseRefiner(nn.Module):
    def __init__(self, feat_dim=32, num_joints=4):
        super().__init__()
        self.num_joints = num_joints
        self.encoder = nn.Sequential(nn.Linear(feat_dim, 64), nn.ReLU())
        self.rot_head = nn.Linear(64, num_joints * 4)
        nn.init.zeros_(self.rot_head.weight)
        nn.init.zeros_(self.rot_head.bias)
        self.register_buffer("identity", torch.tensor([1.0, 0.0, 0.0, 0.0]))

    def forward(self, feats):
        delta = self.rot_head(self.encoder(feats)).view(-1, self.num_joints, 4)
        quat = F.normalize(delta + self.identity, dim=-1)
        return quaternion_to_axis_angle(quat)

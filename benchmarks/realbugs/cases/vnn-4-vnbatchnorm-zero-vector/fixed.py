# FlyingGiraffe/vnn#4 fixed: norm = torch.norm(x, dim=2) + EPS (the PR's change).
import torch
import torch.nn as nn

torch.manual_seed(0)
EPS = 1e-6


class VNLinear(nn.Module):
    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.map_to_feat = nn.Linear(in_channels, out_channels, bias=False)

    def forward(self, x):  # x: [B, N_feat, 3, N_samples]
        return self.map_to_feat(x.transpose(1, -1)).transpose(1, -1)


class VNBatchNorm(nn.Module):
    def __init__(self, num_features):
        super(VNBatchNorm, self).__init__()
        self.bn = nn.BatchNorm1d(num_features)

    def forward(self, x):
        norm = torch.norm(x, dim=2) + EPS
        norm_bn = self.bn(norm)
        norm = norm.unsqueeze(2)
        norm_bn = norm_bn.unsqueeze(2)
        x = x / norm * norm_bn
        return x


points = torch.randn(2, 1, 3, 32)  # [B, 1, 3, N] point cloud, centred
points[0, :, :, 5] = 0.0  # a point that sits exactly at the centroid: its vector feature is [0, 0, 0]
model = nn.Sequential(VNLinear(1, 8), VNBatchNorm(8))
out = model(points)
loss = out.pow(2).mean()
loss.backward()

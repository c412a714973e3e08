import torch
import torch.nn as nn
import torch.nn.functional as F


def distance2bbox(points, distance):
    x1 = points[:, 0] - distance[:, 0]
    y1 = points[:, 1] - distance[:, 1]
    x2 = points[:, 0] + distance[:, 2]
    y2 = points[:, 1] + distance[:, 3]
    return torch.stack([x1, y1, x2, y2], -1)


class FCOSHead(nn.Module):
    def __init__(self, in_channels=16, feat_channels=32, stride=8):
        super().__init__()
        self.stride = stride
        self.reg_convs = nn.Sequential(nn.Conv2d(in_channels, feat_channels, 3, padding=1),
                                       nn.GroupNorm(4, feat_channels), nn.ReLU())
        self.conv_reg = nn.Conv2d(feat_channels, 4, 3, padding=1)
        self.scale = nn.Parameter(torch.tensor(1.0))

    def get_points(self, h, w):
        ys, xs = torch.meshgrid(torch.arange(h), torch.arange(w), indexing="ij")
        points = torch.stack([xs.reshape(-1), ys.reshape(-1)], -1).float()
        return points * self.stride + self.stride // 2

    def forward(self, feats):
        bbox_pred = F.relu(self.scale * self.conv_reg(self.reg_convs(feats))) * self.stride
        n, _, h, w = bbox_pred.shape
        return bbox_pred.permute(0, 2, 3, 1).reshape(-1, 4), self.get_points(h, w).repeat(n, 1)

import torch.nn as nn
import torch.nn.functional as F

from network.nn.contour_point_gcn import ContourPointGCN


class EBLNet(nn.Module):
    def __init__(self, num_classes=2, channels=16, num_points=32):
        super(EBLNet, self).__init__()
        self.backbone = nn.Sequential(
            nn.Conv2d(3, channels, 3, padding=1), nn.BatchNorm2d(channels), nn.ReLU(),
            nn.Conv2d(channels, channels, 3, stride=2, padding=1), nn.BatchNorm2d(channels), nn.ReLU())
        self.body_head = nn.Conv2d(channels, channels, 3, padding=1)
        self.edge_head = nn.Conv2d(channels, 1, 1)
        self.contour_gcn = ContourPointGCN(channels, num_points, thresholds=0.1)
        self.final_seg = nn.Conv2d(channels, num_classes, 1)

    def forward(self, inp):
        x = self.backbone(inp)
        body = self.body_head(x)
        edge = self.edge_head(x)
        refined = self.contour_gcn(body, edge)
        seg_out = F.interpolate(self.final_seg(refined), size=inp.shape[2:], mode='bilinear', align_corners=False)
        edge_out = F.interpolate(edge, size=inp.shape[2:], mode='bilinear', align_corners=False)
        return seg_out, edge_out

import torch
import torch.nn as nn


class Detect(nn.Module):
    def __init__(self, nc=80, anchors=((10, 13, 16, 30, 33, 23),), ch=(16,), stride=(8.0,)):
        super().__init__()
        self.no, self.nl, self.na = nc + 5, len(anchors), len(anchors[0]) // 2
        self.grid = [torch.zeros(1)] * self.nl
        self.anchor_grid = torch.tensor(anchors).float().view(self.nl, 1, -1, 1, 1, 2)
        self.stride = torch.tensor(stride)
        self.m = nn.ModuleList(nn.Conv2d(x, self.no * self.na, 1) for x in ch)

    def forward(self, x):
        z = []
        for i in range(self.nl):
            x[i] = self.m[i](x[i])
            bs, _, ny, nx = x[i].shape
            x[i] = x[i].view(bs, self.na, self.no, ny, nx).permute(0, 1, 3, 4, 2).contiguous()
            if not self.training:
                yv, xv = torch.meshgrid(torch.arange(ny), torch.arange(nx), indexing="ij")
                self.grid[i] = torch.stack((xv, yv), 2).view(1, 1, ny, nx, 2).float()
                y = x[i].sigmoid()
                y[..., 0:2] = (y[..., 0:2] * 2. - 0.5 + self.grid[i]) * self.stride[i]
                y[..., 2:4] = (y[..., 2:4] * 2) ** 2 * self.anchor_grid[i]
                z.append(y.view(bs, -1, self.no))
        return x if self.training else (torch.cat(z, 1), x)


class Model(nn.Module):
    def __init__(self, nc=80):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv2d(3, 16, 3, 2, 1), nn.SiLU(), nn.Conv2d(16, 16, 3, 4, 1), nn.SiLU())
        self.detect = Detect(nc=nc)

    def forward(self, x):
        return self.detect([self.backbone(x)])

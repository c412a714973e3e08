import torch
import torch.nn as nn


class TinyMaskDecoder(nn.Module):
    def __init__(self, size=16, dim=8):
        super().__init__()
        ys, xs = torch.meshgrid(torch.linspace(0, 1, size), torch.linspace(0, 1, size), indexing="ij")
        self.register_buffer("grid", torch.stack([xs, ys], -1))
        self.radius = nn.Parameter(torch.tensor(0.2))
        self.sharpness = 40.0
        self.encoder = nn.Conv2d(3, dim, 3, padding=1)
        self.iou_head = nn.Linear(dim, 1)

    def forward(self, image, points):
        dist = (self.grid[None] - points[:, None, None, :]).norm(dim=-1)
        masks = self.sharpness * (self.radius - dist)
        feats = self.encoder(image).mean((2, 3))
        iou_preds = self.iou_head(feats).view(1).expand(points.shape[0])
        return masks, iou_preds

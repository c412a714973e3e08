import numpy as np
import torch
import torch.nn as nn


class YOLOLayer(nn.Module):
    def __init__(self, in_ch=16, n_anchors=3, n_classes=2, gaussian=True):
        super().__init__()
        self.n_anchors = n_anchors
        self.n_ch = 4 + 4 + 1 + n_classes
        self.conv = nn.Conv2d(in_ch, n_anchors * self.n_ch, 1)
        self.gaussian = gaussian

    def _gaussian_dist_pdf(self, val, mean, var):
        return torch.exp(- (val - mean) ** 2.0 / var / 2.0) / torch.sqrt(2.0 * np.pi * var)

    def forward(self, x, target_xy, target_wh, tgt_mask):
        output = self.conv(x)
        b, _, h, w = output.shape
        output = output.view(b, self.n_anchors, self.n_ch, h, w).permute(0, 1, 3, 4, 2)
        xy = torch.sigmoid(output[..., :2])
        wh = output[..., 2:4]
        sigma_const = 0.3
        sigma_xy = torch.sigmoid(output[..., 4:6]) + sigma_const
        sigma_wh = torch.sigmoid(output[..., 6:8]) + sigma_const
        loss_xy = -torch.log(self._gaussian_dist_pdf(xy, target_xy, sigma_xy ** 2) + 1e-9) / 2.0
        loss_wh = -torch.log(self._gaussian_dist_pdf(wh, target_wh, sigma_wh ** 2) + 1e-9) / 2.0
        return ((loss_xy + loss_wh) * tgt_mask[..., None]).sum()

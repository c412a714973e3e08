import math

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)

flow_net = nn.Conv2d(6, 5, 3, padding=1)


def warp(img, flow):
    B, _, H, W = img.shape
    ys, xs = torch.meshgrid(torch.linspace(-1, 1, H), torch.linspace(-1, 1, W), indexing="ij")
    grid = torch.stack([xs, ys], -1).unsqueeze(0).expand(B, H, W, 2)
    grid = grid + flow.permute(0, 2, 3, 1) * 0.05
    return F.grid_sample(img, grid, mode="bilinear", padding_mode="border", align_corners=True)


img0 = torch.zeros(2, 3, 16, 16)
img1 = torch.zeros(2, 3, 16, 16)
gt = torch.zeros(2, 3, 16, 16)
img0[0], img1[0], gt[0] = torch.rand(3, 16, 16), torch.rand(3, 16, 16), torch.rand(3, 16, 16)
with torch.no_grad():
    out = flow_net(torch.cat([img0, img1], 1))
    flow0, flow1, mask = out[:, :2], out[:, 2:4], torch.sigmoid(out[:, 4:5])
    pred = warp(img0, flow0) * mask + warp(img1, flow1) * (1 - mask)
psnr_list = []
for j in range(gt.shape[0]):
    psnr = -10 * math.log10(torch.mean((gt[j] - pred[j]) * (gt[j] - pred[j])).cpu().data)
    psnr_list.append(psnr)

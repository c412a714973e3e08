import torch
import torch.nn.functional as F


def warp(tenInput, tenFlow):
    B, _, H, W = tenInput.shape
    tenHorizontal = torch.linspace(-1.0, 1.0, W).view(1, 1, 1, W).expand(B, -1, H, -1)
    tenVertical = torch.linspace(-1.0, 1.0, H).view(1, 1, H, 1).expand(B, -1, -1, W)
    backwarp_tenGrid = torch.cat([tenHorizontal, tenVertical], 1)
    tenFlow = torch.cat([tenFlow[:, 0:1, :, :] / ((W - 1.0) / 2.0), tenFlow[:, 1:2, :, :] / ((H - 1.0) / 2.0)], 1)
    g = (backwarp_tenGrid + tenFlow).permute(0, 2, 3, 1)
    return F.grid_sample(input=tenInput, grid=g, mode="bilinear", padding_mode="border", align_corners=True)

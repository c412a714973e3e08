# FIXED (out-of-place division) -- https://github.com/ByChelsea/VAND-APRIL-GAN/issues/9 -- train.py normalizes the trainable layer's patch tokens in place, patch_tokens[layer] /= patch_tokens[layer].norm(...); the norm's backward needs the tokens it was computed from, so loss.backward() fails with "modified by an inplace operation".
import numpy as np
import torch
import torch.nn as nn
from torch.nn import functional as F

torch.manual_seed(111)
fc = nn.ModuleList([nn.Linear(32, 16) for i in range(3)])
tokens = [torch.randn(2, 17, 32) for i in range(3)]       # frozen CLIP patch tokens (CLS first)
text_features = F.normalize(torch.randn(2, 16, 2), dim=1)

patch_tokens = [fc[i](tokens[i][:, 1:, :]) for i in range(3)]
anomaly_maps = []
for layer in range(len(patch_tokens)):
    patch_tokens[layer] = patch_tokens[layer] / patch_tokens[layer].norm(dim=-1, keepdim=True)
    anomaly_map = (100.0 * patch_tokens[layer] @ text_features)
    B, L, C = anomaly_map.shape
    H = int(np.sqrt(L))
    anomaly_map = F.interpolate(anomaly_map.permute(0, 2, 1).view(B, 2, H, H), size=16, mode='bilinear', align_corners=True)
    anomaly_maps.append(torch.softmax(anomaly_map, dim=1))

loss = sum(m[:, 1].mean() for m in anomaly_maps)
loss.backward()

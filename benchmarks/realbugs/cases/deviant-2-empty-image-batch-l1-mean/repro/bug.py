# https://github.com/abhi1kumar/DEVIANT/issues/2 -- GupnetLoss.compute_bbox2d_loss gathers the predicted
# 2D size/offset at the objects of mask_2d and takes F.l1_loss(reduction='mean'); a batch of images with
# no object leaves zero rows, the mean over nothing is NaN, and the NaN loss wrecks training after a few
# epochs on a custom dataset with empty images.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
B, K, H, W = 2, 50, 12, 40
head = nn.Conv2d(16, 2, 1)
feat = torch.randn(B, 16, H, W)
size_2d = head(feat)
indices = torch.zeros(B, K, dtype=torch.long)
mask_2d = torch.zeros(B, K, dtype=torch.uint8)          # no object in either image of the batch
target_size_2d = torch.zeros(B, K, 2)

gathered = size_2d.view(B, 2, -1).permute(0, 2, 1).gather(1, indices.unsqueeze(2).expand(B, K, 2))
size2d_input = gathered[mask_2d.bool()]
size2d_target = target_size_2d[mask_2d.bool()]
size2d_loss = F.l1_loss(size2d_input, size2d_target, reduction='mean')
seg_loss = size_2d.pow(2).mean()
loss = seg_loss + size2d_loss
loss.backward()

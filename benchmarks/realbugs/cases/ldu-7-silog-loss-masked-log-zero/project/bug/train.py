"""KITTI-like training: sparse LiDAR ground truth, valid pixels masked by min_depth_eval."""
import torch

from networks.losses import silog_loss
from networks.model import DepthNet

MIN_DEPTH, MAX_DEPTH = 1e-3, 80.0


def kitti_like_batches(n=2, size=16):
    gen = torch.Generator().manual_seed(7)
    for _ in range(n):
        image = torch.rand(2, 3, size, size, generator=gen)
        depth_gt = torch.rand(2, 1, size, size, generator=gen) * 70 + 1.0
        depth_gt[torch.rand(depth_gt.shape, generator=gen) < 0.7] = 0.0  # no LiDAR return
        yield image, depth_gt


torch.manual_seed(0)
model = DepthNet(max_depth=MAX_DEPTH)
criterion = silog_loss(variance_focus=0.85)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
for image, depth_gt in kitti_like_batches():
    depth_est = model(image)
    mask = depth_gt > MIN_DEPTH
    loss = criterion(depth_est, depth_gt, mask)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
head_weight = model.depth_head.weight.detach()

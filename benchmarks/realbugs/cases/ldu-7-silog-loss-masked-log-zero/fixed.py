# ENSTA-U2IS-AI/LDU#7, fixed as in the original BTS loss the maintainer points to: only the valid
# pixels are selected (boolean indexing) before taking the logs.
import torch
import torch.nn as nn


class silog_loss(nn.Module):
    def __init__(self, variance_focus):
        super().__init__()
        self.variance_focus = variance_focus

    def forward(self, depth_est, depth_gt, mask):
        d = torch.log(depth_est[mask]) - torch.log(depth_gt[mask])
        return torch.sqrt((d ** 2).mean() - self.variance_focus * (d.mean() ** 2)) * 10.0


class DepthHead(nn.Module):
    def __init__(self, ch=8, max_depth=80.0):
        super().__init__()
        self.max_depth = max_depth
        self.net = nn.Sequential(nn.Conv2d(3, ch, 3, padding=1), nn.ReLU(), nn.Conv2d(ch, 1, 3, padding=1))

    def forward(self, image):
        return torch.sigmoid(self.net(image)) * self.max_depth


torch.manual_seed(0)
model = DepthHead()
criterion = silog_loss(variance_focus=0.85)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
image = torch.rand(2, 3, 16, 16)
depth_gt = torch.rand(2, 1, 16, 16) * 70 + 1.0
depth_gt[torch.rand_like(depth_gt) < 0.7] = 0.0  # sparse LiDAR: most pixels have no depth
mask = depth_gt > 1.0
depth_est = model(image)
loss = criterion(depth_est, depth_gt, mask)
optimizer.zero_grad()
loss.backward()
grad = model.net[0].weight.grad

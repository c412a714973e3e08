# ENSTA-U2IS-AI/LDU#7: "Silog_loss issue" ("after masking, there will be many zeros which will
# result in -inf"). The scale-invariant log loss is applied to mask-multiplied depth maps:
# depth_est * mask and depth_gt * mask are 0 at every pixel without LiDAR ground truth, so
# log(0) - log(0) = -inf - (-inf) = NaN, and the loss is NaN. (The reporter traced it to his
# own change of the BTS loss, which selects the valid pixels with boolean indexing.)
import torch
import torch.nn as nn


class silog_loss(nn.Module):
    def __init__(self, variance_focus):
        super().__init__()
        self.variance_focus = variance_focus

    def forward(self, depth_est, depth_gt, mask):
        d = torch.log(depth_est * mask) - torch.log(depth_gt * mask)
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

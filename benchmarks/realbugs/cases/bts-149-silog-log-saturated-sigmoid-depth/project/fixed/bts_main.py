from types import SimpleNamespace

import torch
import torch.nn as nn

from bts import bts


class silog_loss(nn.Module):
    def __init__(self, variance_focus):
        super(silog_loss, self).__init__()
        self.variance_focus = variance_focus

    def forward(self, depth_est, depth_gt, mask):
        d = torch.log(depth_est[mask] + 1e-4) - torch.log(depth_gt[mask])
        return torch.sqrt((d ** 2).mean() - self.variance_focus * (d.mean() ** 2)) * 10.0

torch.manual_seed(0)
params = SimpleNamespace(max_depth=10.0, dataset='nyu', variance_focus=0.85)
model = bts(params)
silog_criterion = silog_loss(variance_focus=params.variance_focus)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)

# model state reached after some iterations: the depth head has been pushed so far
# negative on this batch that the sigmoid saturates for part of the image
with torch.no_grad():
    model.get_depth[0].bias.fill_(-100.0)
    model.get_depth[0].weight.mul_(20.0)

image = torch.rand(2, 3, 32, 32)
focal = torch.tensor([518.8579, 518.8579])
depth_gt = torch.rand(2, 1, 32, 32) * 9.0 + 0.5

optimizer.zero_grad()
depth_est = model(image, focal)
mask = depth_gt > 1.0
loss = silog_criterion.forward(depth_est, depth_gt, mask.to(torch.bool))
loss.backward()
optimizer.step()

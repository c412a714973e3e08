"""BTS silog loss: log of a predicted depth that a saturated sigmoid made exactly 0.

Source: https://github.com/cleinc/bts/issues/149

"""
from types import SimpleNamespace

import torch
import torch.nn as nn


class bts(nn.Module):
    def __init__(self, params, num_features=32):
        super(bts, self).__init__()
        self.params = params
        self.encoder = nn.Sequential(
            nn.Conv2d(3, num_features, 3, stride=2, padding=1), nn.ELU(),
            nn.Conv2d(num_features, num_features, 3, stride=2, padding=1), nn.ELU())
        self.upconv1 = nn.Sequential(
            nn.Upsample(scale_factor=4, mode='nearest'),
            nn.Conv2d(num_features, num_features // 2, 3, padding=1), nn.ELU())
        self.get_depth = nn.Sequential(
            nn.Conv2d(num_features // 2, 1, 3, 1, 1, bias=True), nn.Sigmoid())

    def forward(self, x, focal):
        iconv1 = self.upconv1(self.encoder(x))
        final_depth = self.params.max_depth * self.get_depth(iconv1)
        if self.params.dataset == 'kitti':
            final_depth = final_depth * focal.view(-1, 1, 1, 1).float() / 715.0873
        return final_depth


class silog_loss(nn.Module):
    def __init__(self, variance_focus):
        super(silog_loss, self).__init__()
        self.variance_focus = variance_focus

    def forward(self, depth_est, depth_gt, mask):
        d = torch.log(depth_est[mask]) - torch.log(depth_gt[mask])
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

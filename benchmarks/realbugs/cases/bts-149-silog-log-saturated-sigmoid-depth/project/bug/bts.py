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

import torch
import torch.nn as nn


class DeblurNet(nn.Module):
    def __init__(self, event_channels=4, width=16):
        super().__init__()
        self.net = nn.Sequential(nn.Conv2d(event_channels + 1, width, 3, padding=1), nn.ReLU(),
                                 nn.Conv2d(width, 1, 3, padding=1))

    def forward(self, events, blurry):
        return blurry + self.net(torch.cat((events, blurry), 1))

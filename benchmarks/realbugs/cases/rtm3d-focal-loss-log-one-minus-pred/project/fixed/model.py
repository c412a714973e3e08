import torch.nn as nn


class KeypointHead(nn.Module):
    def __init__(self, in_ch=4, num_classes=3):
        super().__init__()
        self.hm = nn.Sequential(nn.Conv2d(in_ch, 8, 1), nn.ReLU(), nn.Conv2d(8, num_classes, 1))
        self.hm[-1].bias.data.fill_(-2.19)

    def forward(self, x):
        return {"hm_mc": self.hm(x)}

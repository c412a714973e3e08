import torch.nn as nn

from attention_module import SICA


class InSPyReNetLite(nn.Module):
    def __init__(self, channel=8, base_size=(192, 192)):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv2d(3, channel, 3, padding=1), nn.ReLU(inplace=True))
        self.coarse = nn.Conv2d(channel, 1, 1)
        self.attention = SICA(channel, channel, base_size=base_size, stage=0)

    def forward(self, img):
        feats = self.backbone(img)
        smap = self.coarse(feats)
        _, out = self.attention(feats, smap)
        return out

import torch.nn as nn


class CenterHeadNet(nn.Module):
    def __init__(self, num_classes=3, head_conv=16):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv2d(3, head_conv, 3, stride=4, padding=1), nn.ReLU(inplace=True))
        self.hm_mc = nn.Sequential(nn.Conv2d(head_conv, head_conv, 3, padding=1), nn.ReLU(inplace=True),
                                   nn.Conv2d(head_conv, num_classes, 1))
        self.wh = nn.Conv2d(head_conv, 2, 1)
        self.hm_mc[-1].bias.data.fill_(-2.19)

    def forward(self, x):
        feat = self.backbone(x)
        return {"hm_mc": self.hm_mc(feat), "wh": self.wh(feat)}

import torch.nn as nn

from common import DwsConvBlock


class XceptionUnit(nn.Module):
    def __init__(self, in_channels, out_channels, stride, reps, start_with_relu=True, grow_first=True):
        super().__init__()
        self.resize_identity = (in_channels != out_channels) or (stride != 1)
        if self.resize_identity:
            self.identity_conv = nn.Conv2d(in_channels, out_channels, kernel_size=1, stride=stride, bias=False)
            self.identity_bn = nn.BatchNorm2d(out_channels)
        self.body = nn.Sequential()
        for i in range(reps):
            if (grow_first and (i == 0)) or ((not grow_first) and (i == reps - 1)):
                in_channels_i, out_channels_i = in_channels, out_channels
            elif grow_first:
                in_channels_i, out_channels_i = out_channels, out_channels
            else:
                in_channels_i, out_channels_i = in_channels, in_channels
            activate = start_with_relu if (i == 0) else True
            self.body.add_module("block{}".format(i + 1), DwsConvBlock(in_channels_i, out_channels_i, activate))
        if stride != 1:
            self.body.add_module("pool", nn.MaxPool2d(kernel_size=3, stride=stride, padding=1))

    def forward(self, x):
        if self.resize_identity:
            identity = self.identity_bn(self.identity_conv(x))
        else:
            identity = x
        x = self.body(x)
        x = x + identity
        return x


class Xception(nn.Module):
    def __init__(self, num_classes=10):
        super().__init__()
        self.init_block = nn.Sequential(nn.Conv2d(3, 16, 3, stride=2, padding=1, bias=False), nn.BatchNorm2d(16),
                                        nn.ReLU(inplace=True))
        self.unit1 = XceptionUnit(16, 32, stride=2, reps=2, start_with_relu=False)
        self.unit2 = XceptionUnit(32, 64, stride=2, reps=2, start_with_relu=True)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.output = nn.Linear(64, num_classes)

    def forward(self, x):
        x = self.init_block(x)
        x = self.unit1(x)
        x = self.unit2(x)
        x = self.pool(x).flatten(1)
        return self.output(x)

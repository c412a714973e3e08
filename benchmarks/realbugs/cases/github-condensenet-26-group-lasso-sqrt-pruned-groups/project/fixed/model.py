import torch
import torch.nn as nn

from layers import LearnedGroupConv


class _DenseLayer(nn.Module):
    def __init__(self, in_channels, growth_rate, bottleneck=4, group_1x1=4, condense_factor=4):
        super().__init__()
        self.conv_1 = LearnedGroupConv(in_channels, bottleneck * growth_rate, groups=group_1x1,
                                       condense_factor=condense_factor)
        self.conv_2 = nn.Conv2d(bottleneck * growth_rate, growth_rate, 3, padding=1, bias=False)

    def forward(self, x):
        return torch.cat([x, self.conv_2(torch.relu(self.conv_1(x)))], 1)


class CondenseNet(nn.Module):
    def __init__(self, num_classes=10, growth_rate=8):
        super().__init__()
        self.init_conv = nn.Conv2d(3, 16, 3, padding=1, bias=False)
        self.features = nn.Sequential(_DenseLayer(16, growth_rate), _DenseLayer(16 + growth_rate, growth_rate))
        self.classifier = nn.Linear(16 + 2 * growth_rate, num_classes)

    def forward(self, x):
        out = self.features(self.init_conv(x))
        return self.classifier(out.mean((2, 3)))

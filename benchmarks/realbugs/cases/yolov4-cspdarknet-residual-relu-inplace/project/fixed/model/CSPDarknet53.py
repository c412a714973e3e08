import torch.nn as nn
from layers.conv_module import Convolutional


class CSPBlock(nn.Module):
    def __init__(self, in_channels, out_channels, hidden_channels=None, activate="relu"):
        super(CSPBlock, self).__init__()
        if hidden_channels is None:
            hidden_channels = out_channels
        self.__conv1 = Convolutional(in_channels, hidden_channels, 1, activate=activate)
        self.__conv2 = Convolutional(hidden_channels, out_channels, 3, activate=activate)

    def forward(self, x):
        residual = x
        out = self.__conv1(x)
        out = self.__conv2(out)
        out = out + residual
        return out


class CSPStage(nn.Module):
    def __init__(self, in_channels, out_channels, num_blocks, activate="relu"):
        super(CSPStage, self).__init__()
        self.downsample_conv = Convolutional(in_channels, out_channels, 3, stride=2, activate=activate)
        self.blocks = nn.Sequential(*[CSPBlock(out_channels, out_channels, activate=activate) for _ in range(num_blocks)])

    def forward(self, x):
        return self.blocks(self.downsample_conv(x))


class CSPDarknet53(nn.Module):
    def __init__(self, activate="relu"):
        super(CSPDarknet53, self).__init__()
        self.stem_conv = Convolutional(3, 8, 3, activate=activate)
        self.stages = nn.Sequential(CSPStage(8, 16, 1, activate), CSPStage(16, 32, 2, activate))

    def forward(self, x):
        return self.stages(self.stem_conv(x))

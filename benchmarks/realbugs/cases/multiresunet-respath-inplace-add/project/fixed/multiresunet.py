from typing import Tuple
import torch.nn as nn
import torch.nn.functional as F
import torch


class Conv2d_batchnorm(nn.Module):
    def __init__(self, input_features: int, num_of_filters: int, kernel_size: Tuple = (2, 2), stride: Tuple = (1, 1), activation: str = "relu", padding: int = 0) -> None:
        super().__init__()
        self.activation = activation
        self.conv1 = nn.Conv2d(in_channels=input_features, out_channels=num_of_filters, kernel_size=kernel_size, stride=stride, padding=padding)
        self.batchnorm = nn.BatchNorm2d(num_of_filters, affine=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.conv1(x)
        x = self.batchnorm(x)
        if self.activation == "relu":
            return F.relu(x)
        else:
            return x


class Respath(nn.Module):
    def __init__(self, input_features: int, filters: int, respath_length: int) -> None:
        super().__init__()
        self.filters = filters
        self.respath_length = respath_length
        self.conv2d_bn_1x1 = Conv2d_batchnorm(input_features=input_features, num_of_filters=self.filters, kernel_size=(1, 1), activation="None", padding=0)
        self.conv2d_bn_3x3 = Conv2d_batchnorm(input_features=input_features, num_of_filters=self.filters, kernel_size=(3, 3), activation="relu", padding=1)
        self.batch_norm1 = nn.BatchNorm2d(filters, affine=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        shortcut = self.conv2d_bn_1x1(x)
        x = self.conv2d_bn_3x3(x)
        x = x + shortcut
        x = F.relu(x)
        x = self.batch_norm1(x)
        return x


class TinyMultiResUnet(nn.Module):
    def __init__(self, channels: int = 1, filters: int = 4, nclasses: int = 1) -> None:
        super().__init__()
        self.enc = Conv2d_batchnorm(channels, filters, kernel_size=(3, 3), padding=1)
        self.pool = nn.MaxPool2d(2, 2)
        self.respath = Respath(filters, filters, respath_length=1)
        self.bottleneck = Conv2d_batchnorm(filters, filters, kernel_size=(3, 3), padding=1)
        self.up = nn.ConvTranspose2d(filters, filters, 2, 2)
        self.conv_final = Conv2d_batchnorm(2 * filters, nclasses, kernel_size=(1, 1), activation="None")

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        e = self.enc(x)
        skip = self.respath(e)
        b = self.up(self.bottleneck(self.pool(e)))
        return torch.sigmoid(self.conv_final(torch.cat([b, skip], 1)))

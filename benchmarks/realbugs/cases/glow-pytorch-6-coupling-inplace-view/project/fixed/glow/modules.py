import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from . import thops


class ActNorm2d(nn.Module):
    def __init__(self, num_features, scale=1.):
        super().__init__()
        self.register_parameter("bias", nn.Parameter(torch.zeros(1, num_features, 1, 1)))
        self.register_parameter("logs", nn.Parameter(torch.zeros(1, num_features, 1, 1)))

    def forward(self, input, logdet=None, reverse=False):
        input = input + self.bias
        input = input * torch.exp(self.logs)
        if logdet is not None:
            logdet = logdet + thops.sum(self.logs) * thops.pixels(input)
        return input, logdet


class InvertibleConv1x1(nn.Module):
    def __init__(self, num_channels, LU_decomposed=False):
        super().__init__()
        w_shape = [num_channels, num_channels]
        w_init = np.linalg.qr(np.random.randn(*w_shape))[0].astype(np.float32)
        self.register_parameter("weight", nn.Parameter(torch.Tensor(w_init)))
        self.w_shape = w_shape

    def forward(self, input, logdet=None, reverse=False):
        pixels = thops.pixels(input)
        dlogdet = torch.slogdet(self.weight)[1] * pixels
        weight = self.weight.view(self.w_shape[0], self.w_shape[1], 1, 1)
        z = F.conv2d(input, weight)
        if logdet is not None:
            logdet = logdet + dlogdet
        return z, logdet


class Conv2d(nn.Conv2d):
    def __init__(self, in_channels, out_channels, kernel_size=[3, 3], stride=[1, 1]):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding=[k // 2 for k in kernel_size])
        self.weight.data.normal_(mean=0.0, std=0.05)
        self.bias.data.zero_()


class Conv2dZeros(nn.Conv2d):
    def __init__(self, in_channels, out_channels, kernel_size=[3, 3], stride=[1, 1], logscale_factor=3):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding=[k // 2 for k in kernel_size])
        self.logscale_factor = logscale_factor
        self.register_parameter("logs", nn.Parameter(torch.zeros(out_channels, 1, 1)))
        self.weight.data.normal_(0.0, 0.01)
        self.bias.data.zero_()

    def forward(self, input):
        output = super().forward(input)
        return output * torch.exp(self.logs * self.logscale_factor)

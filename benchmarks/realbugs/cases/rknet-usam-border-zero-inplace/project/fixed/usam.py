import torch
import torch.nn as nn


class BasicConv(nn.Module):
    def __init__(self, in_planes, out_planes, kernel_size, padding=0, relu=True, bn=True):
        super(BasicConv, self).__init__()
        self.conv = nn.Conv2d(in_planes, out_planes, kernel_size=kernel_size, padding=padding, bias=False)
        self.bn = nn.BatchNorm2d(out_planes) if bn else None
        self.relu = nn.ReLU() if relu else None

    def forward(self, x):
        x = self.conv(x)
        if self.bn is not None:
            x = self.bn(x)
        if self.relu is not None:
            x = self.relu(x)
        return x


class USAM(nn.Module):
    def __init__(self, kernel_size=3, padding=1, polish=True):
        super(USAM, self).__init__()
        kernel = torch.ones((kernel_size, kernel_size))
        kernel = kernel.unsqueeze(0).unsqueeze(0)
        self.register_buffer("weight", kernel)
        self.polish = polish
        self.pad = padding
        self.relu = nn.ReLU()
        self.bn = nn.BatchNorm2d(1)
        self.conv1 = BasicConv(1, 1, 3, padding=1)

    def __call_conv(self, x):
        x = nn.functional.conv2d(x, self.weight, padding=self.pad) / 9.0
        return x - x.mean()

    def forward(self, x):
        channel_mean = torch.mean(x, dim=1, keepdim=True)
        att = self.relu(self.conv1(channel_mean))
        if self.polish:
            att = att.clone()
            att[:, :, :, 0] = 0
            att[:, :, :, -1] = 0
            att[:, :, 0, :] = 0
            att[:, :, -1, :] = 0
        att = self.relu(self.bn(self.__call_conv(att)))
        return x * torch.sigmoid(att) + x

import torch
from torch import nn
from torch.nn import functional as F


class Discriminator(nn.Module):
    def __init__(self, channel=32, out_class=1, is_dis=True):
        super(Discriminator, self).__init__()
        self.is_dis = is_dis
        self.channel = channel
        n_class = out_class

        self.conv1 = nn.Conv3d(1, channel // 4, kernel_size=4, stride=2, padding=1)
        self.conv2 = nn.Conv3d(channel // 4, channel // 2, kernel_size=4, stride=2, padding=1)
        self.bn2 = nn.BatchNorm3d(channel // 2)
        self.conv3 = nn.Conv3d(channel // 2, channel, kernel_size=4, stride=2, padding=1)
        self.bn3 = nn.BatchNorm3d(channel)
        self.conv5 = nn.Conv3d(channel, n_class, kernel_size=2, stride=1, padding=0)

    def forward(self, x, _return_activations=False):
        h1 = F.leaky_relu(self.conv1(x), negative_slope=0.2)
        h2 = F.leaky_relu(self.bn2(self.conv2(h1)), negative_slope=0.2)
        h3 = F.leaky_relu(self.bn3(self.conv3(h2)), negative_slope=0.2)
        h5 = self.conv5(h3)
        output = h5
        return output


class Code_Discriminator(nn.Module):
    def __init__(self, code_size=100, num_units=750):
        super(Code_Discriminator, self).__init__()
        n_class = 1
        self.l1 = nn.Sequential(nn.Linear(code_size, num_units),
                                nn.BatchNorm1d(num_units),
                                nn.LeakyReLU(0.2, inplace=True))
        self.l2 = nn.Sequential(nn.Linear(num_units, num_units),
                                nn.BatchNorm1d(num_units),
                                nn.LeakyReLU(0.2, inplace=True))
        self.l3 = nn.Linear(num_units, 1)
        self.l4 = nn.Linear(1, 1)

    def forward(self, x):
        h1 = self.l1(x)
        h2 = self.l2(h1)
        h3 = self.l3(h2)
        output = self.l4(h3)
        return output


class Generator(nn.Module):
    def __init__(self, noise=100, channel=32):
        super(Generator, self).__init__()
        _c = channel
        self.noise = noise
        self.fc = nn.Linear(noise, 2 * 2 * 2 * _c)
        self.bn1 = nn.BatchNorm3d(_c)
        self.tp_conv2 = nn.Conv3d(_c, _c // 2, kernel_size=3, stride=1, padding=1, bias=False)
        self.bn2 = nn.BatchNorm3d(_c // 2)
        self.tp_conv3 = nn.Conv3d(_c // 2, _c // 4, kernel_size=3, stride=1, padding=1, bias=False)
        self.bn3 = nn.BatchNorm3d(_c // 4)
        self.tp_conv5 = nn.Conv3d(_c // 4, 1, kernel_size=3, stride=1, padding=1, bias=False)
        self._c = _c

    def forward(self, noise):
        noise = noise.view(-1, self.noise)
        h = self.fc(noise)
        h = h.view(-1, self._c, 2, 2, 2)
        h = F.relu(self.bn1(h))
        h = F.interpolate(h, scale_factor=2)
        h = F.relu(self.bn2(self.tp_conv2(h)))
        h = F.interpolate(h, scale_factor=2)
        h = F.relu(self.bn3(self.tp_conv3(h)))
        h = F.interpolate(h, scale_factor=2)
        h = self.tp_conv5(h)
        h = torch.tanh(h)
        return h

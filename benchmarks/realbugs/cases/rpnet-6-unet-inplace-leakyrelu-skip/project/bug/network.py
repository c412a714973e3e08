import torch
import torch.nn as nn


class IncResBlock(nn.Module):
    def __init__(self, inplanes, planes, convstr=1, convsize=15, convpadding=7):
        super(IncResBlock, self).__init__()
        self.Inputconv1x1 = nn.Conv1d(inplanes, planes, kernel_size=1, stride=1, bias=False)
        self.conv1_1 = nn.Sequential(
            nn.Conv1d(in_channels=inplanes, out_channels=planes // 4, kernel_size=convsize, stride=convstr, padding=convpadding),
            nn.BatchNorm1d(planes // 4))
        self.conv1_2 = nn.Sequential(
            nn.Conv1d(inplanes, planes // 4, kernel_size=1, stride=convstr, padding=0, bias=False),
            nn.BatchNorm1d(planes // 4),
            nn.LeakyReLU(0.2),
            nn.Conv1d(in_channels=planes // 4, out_channels=planes // 4, kernel_size=convsize + 2, stride=convstr, padding=convpadding + 1),
            nn.BatchNorm1d(planes // 4))
        self.relu = nn.ReLU()

    def forward(self, x):
        residual = self.Inputconv1x1(x)
        c1 = self.conv1_1(x)
        c2 = self.conv1_2(x)
        out = torch.cat([c1, c2, c1, c2], 1)
        out = out + residual
        out = self.relu(out)
        return out


class IncUNet(nn.Module):
    def __init__(self, in_shape):
        super(IncUNet, self).__init__()
        in_channels, height, width = in_shape
        self.e1 = nn.Sequential(
            nn.Conv1d(in_channels, 16, kernel_size=4, stride=2, padding=1),
            nn.BatchNorm1d(16),
            nn.LeakyReLU(0.2),
            IncResBlock(16, 16))
        self.e2 = nn.Sequential(
            nn.LeakyReLU(0.2, inplace=True),
            nn.Conv1d(16, 32, kernel_size=4, stride=2, padding=1),
            nn.BatchNorm1d(32),
            IncResBlock(32, 32))
        self.d1 = nn.Sequential(
            nn.LeakyReLU(0.2),
            nn.ConvTranspose1d(32, 16, kernel_size=4, stride=2, padding=1),
            nn.BatchNorm1d(16))
        self.out_l = nn.Sequential(
            nn.LeakyReLU(0.2),
            nn.ConvTranspose1d(32, in_channels, kernel_size=4, stride=2, padding=1))

    def forward(self, x):
        en1 = self.e1(x)
        en2 = self.e2(en1)
        de1_ = self.d1(en2)
        de1 = torch.cat([en1, de1_], 1)
        out = self.out_l(de1)
        return out

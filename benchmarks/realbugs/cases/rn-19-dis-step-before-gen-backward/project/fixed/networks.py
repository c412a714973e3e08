import torch
import torch.nn as nn


class G_Net(nn.Module):
    def __init__(self, input_channels=3, ngf=16):
        super(G_Net, self).__init__()
        self.encoder = nn.Sequential(
            nn.Conv2d(input_channels + 1, ngf, 3, padding=1),
            nn.ReLU(True),
            nn.Conv2d(ngf, ngf, 3, padding=1),
            nn.ReLU(True),
        )
        self.conv_out = nn.Conv2d(ngf, 3, 3, padding=1)

    def forward(self, x, mask):
        x = torch.cat([x * (1 - mask), mask], dim=1)
        x = self.encoder(x)
        return (torch.tanh(self.conv_out(x)) + 1) / 2


class D_Net(nn.Module):
    def __init__(self, in_channels=3, use_sigmoid=True):
        super(D_Net, self).__init__()
        self.use_sigmoid = use_sigmoid
        self.conv1 = nn.Sequential(
            nn.Conv2d(in_channels, 16, 4, stride=2, padding=1),
            nn.LeakyReLU(0.2, inplace=True),
        )
        self.conv2 = nn.Sequential(
            nn.Conv2d(16, 32, 4, stride=2, padding=1),
            nn.LeakyReLU(0.2, inplace=True),
        )
        self.conv3 = nn.Conv2d(32, 1, 3, padding=1)

    def forward(self, x):
        conv1 = self.conv1(x)
        conv2 = self.conv2(conv1)
        conv3 = self.conv3(conv2)
        outputs = conv3
        if self.use_sigmoid:
            outputs = torch.sigmoid(conv3)
        return outputs, [conv1, conv2, conv3]

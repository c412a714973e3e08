import torch
import torch.nn as nn
import torch.nn.functional as F


class enhance_net_nopool(nn.Module):
    def __init__(self, number_f=8):
        super(enhance_net_nopool, self).__init__()
        self.relu = nn.ReLU(inplace=True)
        self.e_conv1 = nn.Conv2d(3, number_f, 3, 1, 1, bias=True)
        self.e_conv2 = nn.Conv2d(number_f, number_f, 3, 1, 1, bias=True)
        self.e_conv3 = nn.Conv2d(number_f * 2, 3, 3, 1, 1, bias=True)

    def forward(self, x):
        x1 = self.relu(self.e_conv1(x))
        x2 = self.relu(self.e_conv2(x1))
        x_r = torch.tanh(self.e_conv3(torch.cat([x1, x2], 1)))
        enhance_image = x
        for _ in range(8):
            enhance_image = enhance_image + x_r * (torch.pow(enhance_image, 2) - enhance_image)
        return enhance_image, x_r

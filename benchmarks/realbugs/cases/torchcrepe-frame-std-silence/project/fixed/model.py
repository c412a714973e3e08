import torch
import torch.nn as nn
import torch.nn.functional as F


class Crepe(nn.Module):
    def __init__(self, capacity=4, window_size=64, pitch_bins=360):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 8 * capacity, (16, 1), stride=(2, 1), padding=(7, 0))
        self.conv1_BN = nn.BatchNorm2d(8 * capacity)
        self.conv2 = nn.Conv2d(8 * capacity, 4 * capacity, (8, 1), padding=(4, 0))
        self.conv2_BN = nn.BatchNorm2d(4 * capacity)
        self.classifier = nn.Linear(4 * capacity * 8, pitch_bins)

    def forward(self, x):
        x = x[:, None, :, None]
        x = F.max_pool2d(self.conv1_BN(F.relu(self.conv1(x))), (2, 1), (2, 1))
        x = F.max_pool2d(self.conv2_BN(F.relu(self.conv2(x))), (2, 1), (2, 1))
        x = x.reshape(x.size(0), -1)
        return torch.sigmoid(self.classifier(x))

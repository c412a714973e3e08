import torch.nn as nn


class DenoisingResNet(nn.Module):
    def __init__(self, channels=8, kernel_size=5):
        super().__init__()
        pad = kernel_size // 2
        self.body = nn.Sequential(nn.Conv1d(1, channels, kernel_size, padding=pad), nn.ReLU(),
                                  nn.Conv1d(channels, channels, kernel_size, padding=pad), nn.ReLU())
        self.regression = nn.Conv1d(channels, 1, 1)

    def forward(self, x):
        return self.regression(self.body(x.unsqueeze(1))).squeeze(1) + x

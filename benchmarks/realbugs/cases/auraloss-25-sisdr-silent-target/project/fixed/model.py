import torch.nn as nn


class Separator(nn.Module):
    def __init__(self, sources=2, ch=8):
        super().__init__()
        self.net = nn.Sequential(nn.Conv1d(1, ch, 15, padding=7), nn.PReLU(), nn.Conv1d(ch, sources, 15, padding=7))

    def forward(self, mix):
        return self.net(mix)

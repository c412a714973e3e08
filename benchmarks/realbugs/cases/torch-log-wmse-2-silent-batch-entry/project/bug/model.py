import torch.nn as nn


class Separator(nn.Module):
    def __init__(self, stems=1, ch=8):
        super().__init__()
        self.stems = stems
        self.net = nn.Sequential(nn.Conv1d(1, ch, 15, padding=7), nn.Tanh(), nn.Conv1d(ch, stems, 15, padding=7))

    def forward(self, mix):
        return self.net(mix).unsqueeze(2)

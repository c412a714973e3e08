import torch.nn as nn


class HifiganGenerator(nn.Module):
    def __init__(self, n_mels=20, hop_length=64):
        super().__init__()
        self.conv_pre = nn.Conv1d(n_mels, 32, 3, padding=1)
        self.conv_post = nn.Conv1d(32, hop_length, 3, padding=1)
        self.act = nn.LeakyReLU(0.1)

    def forward(self, mel):
        x = self.conv_post(self.act(self.conv_pre(mel)))
        return x.transpose(1, 2).reshape(mel.size(0), -1)

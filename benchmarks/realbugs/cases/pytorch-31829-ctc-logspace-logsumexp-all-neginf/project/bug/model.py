import torch.nn as nn
import torch.nn.functional as F


class TinyAcoustic(nn.Module):
    def __init__(self, n_feats=8, n_classes=5):
        super().__init__()
        self.rnn = nn.GRU(n_feats, 16)
        self.out = nn.Linear(16, n_classes)

    def forward(self, x):
        h, _ = self.rnn(x.unsqueeze(1))
        return F.log_softmax(self.out(h.squeeze(1)), dim=-1)

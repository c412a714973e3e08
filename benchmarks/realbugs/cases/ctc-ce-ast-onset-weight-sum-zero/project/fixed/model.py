import torch.nn as nn


class OnsetOffsetNet(nn.Module):
    def __init__(self, feat_dim=16, hidden=8):
        super().__init__()
        self.rnn = nn.GRU(feat_dim, hidden, batch_first=True)
        self.onset_head = nn.Linear(hidden, 1)
        self.offset_head = nn.Linear(hidden, 1)

    def forward(self, x):
        h, _ = self.rnn(x)
        return self.onset_head(h).squeeze(-1), self.offset_head(h).squeeze(-1)

import torch.nn as nn


class Classifier(nn.Module):
    def __init__(self, n_feats=4, n_classes=3):
        super().__init__()
        self.rnn = nn.GRU(n_feats, 16, batch_first=True)
        self.out = nn.Linear(16, n_classes)

    def forward(self, x):
        h, _ = self.rnn(x)
        return self.out(h.mean(1))

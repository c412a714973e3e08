import torch.nn as nn


class DeepSpeech(nn.Module):
    def __init__(self, n_freq, n_classes=29, hidden=32):
        super().__init__()
        self.rnn = nn.GRU(n_freq, hidden, bidirectional=True)
        self.fc = nn.Linear(hidden * 2, n_classes)

    def forward(self, spect):
        x = spect.permute(2, 0, 1)
        out, _ = self.rnn(x)
        return self.fc(out).log_softmax(-1)

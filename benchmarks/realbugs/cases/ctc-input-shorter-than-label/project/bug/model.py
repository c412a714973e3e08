import torch.nn as nn


def conv_block(cin, cout, pool):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU(), nn.MaxPool2d(pool))


class CRNN(nn.Module):
    def __init__(self, n_classes, input_shape=(3, 32, 32)):
        super().__init__()
        channels, height, width = input_shape
        self.cnn = nn.Sequential(
            conv_block(channels, 16, 2),
            conv_block(16, 32, 2),
            conv_block(32, 32, 2),
        )
        self.rnn = nn.GRU(32 * (height // 8), 32, bidirectional=True)
        self.fc = nn.Linear(64, n_classes)

    def forward(self, x):
        x = self.cnn(x)
        n, c, h, w = x.shape
        x = x.permute(3, 0, 1, 2).reshape(w, n, c * h)
        x, _ = self.rnn(x)
        return self.fc(x).log_softmax(2)

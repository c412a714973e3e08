import torch.nn as nn


class CRNN(nn.Module):
    def __init__(self, num_classes=37):
        super().__init__()
        self.cnn = nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d((4, 4)))
        self.rnn = nn.GRU(8 * 2, 16, batch_first=True)
        self.fc = nn.Linear(16, num_classes)

    def forward(self, img):
        f = self.cnn(img)
        n, c, h, w = f.shape
        f = f.permute(0, 3, 1, 2).reshape(n, w, c * h)
        out, _ = self.rnn(f)
        return self.fc(out)

import torch.nn as nn
from pooling import GeMPooling


class ClipClassifier(nn.Module):
    def __init__(self, in_dim=16, hidden=32, classes=5):
        super().__init__()
        self.frame_proj = nn.Linear(in_dim, hidden)
        self.pool = GeMPooling(p=3.0)
        self.fc = nn.Linear(hidden, classes)

    def forward(self, frames):
        h = self.frame_proj(frames).transpose(1, 2)
        return self.fc(self.pool(h))

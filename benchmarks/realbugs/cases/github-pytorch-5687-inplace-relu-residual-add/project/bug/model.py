import torch.nn as nn
import torch.nn.functional as F


class ResidualBlock(nn.Module):
    def __init__(self, ch_in, ch_out, shortcut=None):
        super().__init__()
        self.left = nn.Sequential(
            nn.Conv2d(ch_in, 16, 3, 1, 1),
            nn.ReLU(inplace=True),
            nn.Conv2d(16, ch_out, 3, 1, 1),
            nn.ReLU(inplace=True),
        )
        self.right = shortcut

    def forward(self, x):
        out = self.left(x)
        residual = x if self.right is None else self.right(x)
        out += residual
        return F.relu(out, inplace=False)


class ContentWeightedCNN(nn.Module):
    """Encoder of a learned image-compression model built from residual blocks."""

    def __init__(self):
        super().__init__()
        self.model_name = "ContentWeightedCNN"
        self.head = nn.Conv2d(3, 8, 3, 1, 1)
        self.blocks = nn.Sequential(ResidualBlock(8, 8), ResidualBlock(8, 8))
        self.tail = nn.Conv2d(8, 3, 1)

    def forward(self, x):
        return self.tail(self.blocks(self.head(x)))

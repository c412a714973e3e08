"""A tiny EfficientViT classifier: conv stem, one EfficientViT block, linear head."""
import torch.nn as nn

from efficientvit.nn.ops import ConvLayer, EfficientViTBlock


class EfficientViTCls(nn.Module):
    def __init__(self, width=16, n_classes=10):
        super().__init__()
        self.stem = ConvLayer(3, width, 3)
        self.stage = EfficientViTBlock(width)
        self.head = nn.Linear(width, n_classes)

    def forward(self, x):
        x = self.stage(self.stem(x))
        return self.head(x.mean(dim=(2, 3)))

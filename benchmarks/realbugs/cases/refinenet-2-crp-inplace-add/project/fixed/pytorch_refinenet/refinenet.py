import torch.nn as nn

from pytorch_refinenet.blocks import ChainedResidualPool, ResidualConvUnit


class RefineNetLite(nn.Module):
    """A single-path RefineNet: backbone features -> RCU -> chained residual pooling -> classifier."""

    def __init__(self, num_classes=2, features=16):
        super().__init__()
        self.backbone = nn.Sequential(
            nn.Conv2d(3, features, kernel_size=3, stride=2, padding=1),
            nn.BatchNorm2d(features),
        )
        self.rcu = ResidualConvUnit(features)
        self.crp = ChainedResidualPool(features)
        self.output_conv = ResidualConvUnit(features)
        self.classifier = nn.Conv2d(features, num_classes, kernel_size=1)

    def forward(self, x):
        x = self.backbone(x)
        x = self.rcu(x)
        x = self.crp(x)
        x = self.output_conv(x)
        return self.classifier(x)

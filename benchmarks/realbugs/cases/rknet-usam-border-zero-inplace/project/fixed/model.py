import torch.nn as nn

from usam import USAM


class RKNet(nn.Module):
    def __init__(self, num_classes=10, polish=True):
        super(RKNet, self).__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU())
        self.usam_1 = USAM(polish=polish)
        self.block = nn.Sequential(nn.Conv2d(16, 32, 3, stride=2, padding=1), nn.BatchNorm2d(32), nn.ReLU())
        self.usam_2 = USAM(polish=polish)
        self.classifier = nn.Linear(32, num_classes)

    def forward(self, x):
        x = self.usam_1(self.stem(x))
        x = self.usam_2(self.block(x))
        return self.classifier(x.mean(dim=(2, 3)))

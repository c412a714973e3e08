import torch.nn as nn


class ResNet_s(nn.Module):
    def __init__(self, in_features=8, num_classes=3):
        super(ResNet_s, self).__init__()
        self.linear = nn.Linear(in_features, num_classes)

    def forward(self, x):
        return self.linear(x)


def resnet32(num_classes=3):
    return ResNet_s(num_classes=num_classes)

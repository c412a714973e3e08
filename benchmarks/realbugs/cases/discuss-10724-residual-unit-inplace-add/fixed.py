# discuss.pytorch.org/t/10724 fixed: the standard fix the thread points to, an out-of-place add (x = x + residual) so conv_1's saved input stays intact.
import torch.nn as nn
import torch.nn.functional as F
import torch


class ResidualUnitA(nn.Module):
    def __init__(self, in_channels=3, channels=24):
        super(ResidualUnitA, self).__init__()
        self.conv_0 = nn.Conv2d(in_channels, channels, 3, padding=1, bias=False)
        self.bn_0 = nn.BatchNorm2d(channels)
        self.conv_1 = nn.Conv2d(channels, channels, 3, padding=1, bias=False)
        self.bn_1 = nn.BatchNorm2d(channels)

    def forward(self, x):
        x = self.conv_0(x)
        x = self.bn_0(x)
        x = F.relu(x, inplace=True)

        residual = self.conv_1(x)
        residual = self.bn_1(residual)
        x = x + residual
        x = F.relu(x, inplace=True)

        return x


class SmallResNet(nn.Module):
    def __init__(self, num_classes=10):
        super(SmallResNet, self).__init__()
        self.unit = ResidualUnitA(3, 24)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.classifier = nn.Linear(24, num_classes)

    def forward(self, x):
        x = self.unit(x)
        x = self.pool(x).flatten(1)
        return self.classifier(x)


torch.manual_seed(0)

model = SmallResNet(num_classes=10)
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)

images = torch.randn(4, 3, 16, 16)
labels = torch.randint(0, 10, (4,))

model.train()
optimizer.zero_grad()
outputs = model(images)
loss = criterion(outputs, labels)
loss.backward()
optimizer.step()

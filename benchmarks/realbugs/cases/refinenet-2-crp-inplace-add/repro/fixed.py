import torch
import torch.nn as nn


class ResidualConvUnit(nn.Module):

    def __init__(self, features):
        super().__init__()

        self.conv1 = nn.Conv2d(
            features, features, kernel_size=3, stride=1, padding=1, bias=True)
        self.conv2 = nn.Conv2d(
            features, features, kernel_size=3, stride=1, padding=1, bias=False)
        self.relu = nn.ReLU(inplace=True)

    def forward(self, x):

        out = self.relu(x)
        out = self.conv1(x)
        out = self.relu(out)
        out = self.conv2(out)

        return out + x


class ChainedResidualPool(nn.Module):

    def __init__(self, feats):
        super().__init__()

        self.relu = nn.ReLU(inplace=True)
        for i in range(1, 4):
            self.add_module(f"block{i}", nn.Sequential(
                nn.MaxPool2d(kernel_size=5, stride=1, padding=2),
                nn.Conv2d(feats, feats, kernel_size=3, stride=1, padding=1, bias=False)
            ))

    def forward(self, x):
        x = self.relu(x)
        path = x

        for i in range(1, 4):
            path = self.__getattr__(f"block{i}")(path)
            x = x + path

        return x


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

torch.manual_seed(0)

net = RefineNetLite(num_classes=2)
optimizer = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
criterion = nn.MSELoss()

x = torch.randn(4, 3, 32, 32)
target = torch.randn(4, 2, 16, 16)

output = net(x)
loss = criterion(output, target)
net.zero_grad()
loss.backward()
optimizer.step()

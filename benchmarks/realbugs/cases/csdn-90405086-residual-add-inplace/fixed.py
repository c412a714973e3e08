# blog.csdn.net/m0_38129460/article/details/90405086, with the article's fix: the residual is
# added out of place, `out = out + identity`, so the output the ReLU saved is left intact.
import torch
import torch.nn as nn
import torch.nn.functional as F


class ResBlock(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv1 = nn.Conv2d(channels, channels, 3, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(channels)
        self.conv2 = nn.Conv2d(channels, channels, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(channels)
        self.relu = nn.ReLU()

    def forward(self, x):
        identity = x
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.relu(self.bn2(self.conv2(out)))
        out = out + identity
        return out


class Net(nn.Module):
    def __init__(self, channels=8, n_classes=10):
        super().__init__()
        self.stem = nn.Conv2d(3, channels, 3, padding=1)
        self.block = ResBlock(channels)
        self.fc = nn.Linear(channels, n_classes)

    def forward(self, x):
        x = self.block(self.stem(x))
        return self.fc(F.adaptive_avg_pool2d(x, 1).flatten(1))


torch.manual_seed(0)
net = Net()
optimizer = torch.optim.SGD(net.parameters(), lr=0.01)
images, labels = torch.randn(4, 3, 16, 16), torch.randint(0, 10, (4,))
loss = F.cross_entropy(net(images), labels)
optimizer.zero_grad()
loss.backward()
optimizer.step()

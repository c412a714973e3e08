# pytorch/pytorch#15428: "Maybe this is something about computing graph?"
# A pre-activation residual block whose residual branch starts with ReLU(inplace=True).
# When the block changes stride/channels, forward first computes the shortcut conv on x
# (which saves x for its backward) and then runs the residual branch, whose first ReLU
# overwrites x in place: backward fails with "modified by an inplace operation".
import torch
import torch.nn as nn
import torch.nn.functional as F


class Block(nn.Module):
    def __init__(self, in_chan, out_chan, stride=1):
        super().__init__()
        self.in_chan, self.out_chan, self.stride = in_chan, out_chan, stride
        self.residual = nn.Sequential(
            nn.ReLU(inplace=True),
            nn.Conv2d(in_chan, out_chan, 3, stride, 1, bias=False),
            nn.BatchNorm2d(out_chan),
            nn.ReLU(inplace=True),
            nn.Conv2d(out_chan, out_chan, 3, 1, 1, bias=False),
        )
        self.shortcut = nn.Conv2d(in_chan, out_chan, 1, stride, bias=False)

    def forward(self, x):
        if not self.stride == 1 or not self.in_chan == self.out_chan:
            sc = self.shortcut(x)
        else:
            sc = x
        resd = self.residual(x)
        out = resd + sc
        return out


class Net(nn.Module):
    def __init__(self, n_classes=10):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 16, 3, 1, 1, bias=False), nn.BatchNorm2d(16))
        self.layer1 = Block(16, 16)
        self.layer2 = Block(16, 32, stride=2)
        self.fc = nn.Linear(32, n_classes)

    def forward(self, x):
        x = self.layer2(self.layer1(self.stem(x)))
        return self.fc(F.adaptive_avg_pool2d(F.relu(x), 1).flatten(1))


torch.manual_seed(0)
net = Net()
optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
images, labels = torch.randn(4, 3, 16, 16), torch.randint(0, 10, (4,))
loss = F.cross_entropy(net(images), labels)
optimizer.zero_grad()
loss.backward()
optimizer.step()

import torch
import torch.nn as nn

from layers.modules.multibox_loss import MultiBoxLoss


def prior_box(feature_size=4, scale=0.3):
    priors = []
    for i in range(feature_size):
        for j in range(feature_size):
            cx, cy = (j + 0.5) / feature_size, (i + 0.5) / feature_size
            priors.append([cx, cy, scale, scale])
    return torch.tensor(priors)


class TinySSD(nn.Module):
    def __init__(self, num_classes, num_priors):
        super().__init__()
        self.num_classes = num_classes
        self.body = nn.Sequential(nn.Conv2d(3, 8, 3, stride=2, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1))
        self.loc = nn.Linear(8, num_priors * 4)
        self.conf = nn.Linear(8, num_priors * num_classes)
        self.priors = prior_box()

    def forward(self, x):
        f = self.body(x).flatten(1)
        return (self.loc(f).view(x.size(0), -1, 4),
                self.conf(f).view(x.size(0), -1, self.num_classes),
                self.priors)


torch.manual_seed(0)
num_classes = 3
net = TinySSD(num_classes, 16)
criterion = MultiBoxLoss(num_classes, 0.5)
optimizer = torch.optim.SGD(net.parameters(), lr=1e-3, momentum=0.9)

images = torch.randn(2, 3, 32, 32)
# after random-crop augmentation the second box was cut down to zero width (xmin == xmax)
targets = [torch.tensor([[0.10, 0.10, 0.45, 0.50, 0.0]]),
           torch.tensor([[0.30, 0.20, 0.70, 0.60, 1.0],
                         [1.00, 0.40, 1.00, 0.80, 0.0]])]

out = net(images)
optimizer.zero_grad()
loss_l, loss_c = criterion(out, targets)
loss = loss_l + loss_c
loss.backward()
optimizer.step()

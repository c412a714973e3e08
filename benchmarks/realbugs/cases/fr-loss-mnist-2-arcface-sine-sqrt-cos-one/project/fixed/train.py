import torch
import torch.nn as nn

from loss import ArcFace

torch.manual_seed(0)


class LeNetPP(nn.Module):
    """LeNet++ with a 2-d feature, as in the repository's MNIST experiments."""

    def __init__(self):
        super().__init__()
        self.fc = nn.Sequential(nn.Flatten(), nn.Linear(28 * 28, 32), nn.PReLU(), nn.Linear(32, 2))

    def forward(self, x):
        return self.fc(x)


model = LeNetPP()
metric = ArcFace(2, 10)
optimizer = torch.optim.SGD(list(model.parameters()) + list(metric.parameters()), lr=0.01)

images = torch.randn(4, 1, 28, 28)
labels = torch.tensor([3, 1, 3, 7])
with torch.no_grad():  # late in training on easy MNIST: the 2-d features have collapsed onto the class-3 weight
    model.fc[-1].weight.mul_(0.0)
    model.fc[-1].bias.copy_(torch.tensor([3.0, 4.0]))
    metric.weight[:, 3] = torch.tensor([6.0, 8.0])

optimizer.zero_grad()
loss, logits = metric(model(images), labels)
loss.backward()
optimizer.step()

"""Train with Anchor Loss; the first epochs are a cross-entropy warm-up."""
import torch

from losses.anchor_loss import AnchorLoss
from model import Net

torch.manual_seed(0)
n_classes = 5
centers = torch.randn(n_classes, 16) * 3.0
targets = torch.arange(n_classes).repeat(8)
inputs = centers[targets] + 0.1 * torch.randn(len(targets), 16)

model = Net(n_classes=n_classes)
criterion = AnchorLoss(gamma=0.5, slack=0.05, anchor="neg", warm_up=True)
optimizer = torch.optim.SGD(model.parameters(), lr=0.5, momentum=0.9)
for epoch in range(10):
    loss = criterion(model(inputs), targets, epoch=epoch)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
head_weight = model.head.weight.detach()

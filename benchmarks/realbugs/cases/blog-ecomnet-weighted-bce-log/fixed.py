# e-com-net blog fixed: clamp pred to [1e-7, 1 - 1e-7] before the logs (the post notes 1e-8 is not enough).
import torch
import torch.nn as nn

torch.manual_seed(0)


class WeightedBCELoss(nn.Module):
    def __init__(self, pos_weight=3.0):
        super().__init__()
        self.pos_weight = pos_weight

    def forward(self, pred, target):
        pred = torch.clamp(pred, min=1e-7, max=1 - 1e-7)
        loss = -self.pos_weight * target * torch.log(pred) - (1 - target) * torch.log(1 - pred)
        return loss.mean()


model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 1), nn.Sigmoid())
optimizer = torch.optim.SGD(model.parameters(), lr=0.5)
criterion = WeightedBCELoss()
x = torch.randn(64, 10) * 10  # early in training: extreme predictions saturate the sigmoid
target = (torch.rand(64, 1) > 0.8).float()
for step in range(3):
    optimizer.zero_grad()
    pred = model(x)
    loss = criterion(pred, target)
    loss.backward()
    optimizer.step()

from types import SimpleNamespace

import torch

from losses.covweighting_loss import CoVWeightingLoss

torch.manual_seed(0)
args = SimpleNamespace(device="cpu", mean_sort="full", mean_decay_param=1.0, max_depth=1.0)
model = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3, padding=1), torch.nn.ReLU(), torch.nn.Conv2d(8, 1, 3, padding=1))
with torch.no_grad():
    model[2].bias.fill_(0.5)
criterion = CoVWeightingLoss(args)
optimizer = torch.optim.SGD(model.parameters(), lr=0.5)

losses = []
for it in range(4):
    image = torch.rand(2, 3, 8, 8)
    target = torch.rand(2, 1, 8, 8) * 2.0  # ground-truth depths reach beyond the sensor range used by the penalty
    pred = model(image)
    loss = criterion(pred, target)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    losses.append(loss.detach())
alphas = criterion.alphas

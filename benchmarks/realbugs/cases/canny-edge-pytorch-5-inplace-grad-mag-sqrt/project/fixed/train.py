import torch
import torch.nn as nn
import torch.nn.functional as F

from losses import EdgeLoss

torch.manual_seed(0)
generator = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, 3, 3, padding=1), nn.Sigmoid())
edge_loss = EdgeLoss()
opt = torch.optim.Adam(generator.parameters(), lr=1e-3)

inputs = torch.rand(4, 3, 32, 32)
targets = torch.rand(4, 3, 32, 32)

for step in range(2):
    opt.zero_grad()
    pred = generator(inputs)
    loss = F.l1_loss(pred, targets) + 0.1 * edge_loss(pred, targets)
    loss.backward()
    opt.step()
    print(step, loss.item())

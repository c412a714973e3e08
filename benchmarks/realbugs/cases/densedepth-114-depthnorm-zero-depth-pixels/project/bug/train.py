import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from data import DepthDataset
from utils import DepthNorm

torch.manual_seed(0)
minDepth, maxDepth = 1, 20
model = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 1, 3, padding=1))
optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
l1_criterion = nn.L1Loss()
train_loader = DataLoader(DepthDataset(minDepth=minDepth, maxDepth=maxDepth), batch_size=2, shuffle=False)

for i, sample_batched in enumerate(train_loader):
    optimizer.zero_grad()
    image = sample_batched['image']
    depth = sample_batched['depth']
    # Normalize depth
    depth_n = DepthNorm(depth, maxDepth=maxDepth)
    output = model(image)
    l_depth = l1_criterion(output, depth_n)
    loss = l_depth
    loss.backward()
    optimizer.step()
    print(i, loss.item())
weight = model[0].weight

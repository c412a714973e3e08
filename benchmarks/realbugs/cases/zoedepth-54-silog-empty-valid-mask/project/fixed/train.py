import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from data import DepthDataset
from loss import SILogLoss

torch.manual_seed(0)
config = dict(min_depth=1e-3, max_depth=10.0, batch_size=2, lr=1e-4)
model = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 1, 3, padding=1), nn.Softplus())
optimizer = torch.optim.AdamW(model.parameters(), lr=config['lr'])
silog_loss = SILogLoss()
loader = DataLoader(DepthDataset(), batch_size=config['batch_size'], shuffle=False)

losses = []
for i, batch in enumerate(loader):
    images, depths_gt = batch['image'], batch['depth']
    pred_depths = {'metric_depth': model(images)}
    mask = torch.logical_and(depths_gt > config['min_depth'], depths_gt < config['max_depth'])
    l_si = silog_loss(pred_depths, depths_gt, mask=mask)
    losses.append(l_si.detach())
    optimizer.zero_grad()
    l_si.backward()
    optimizer.step()
    if i == 1:
        break

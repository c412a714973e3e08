import torch

from dataset import custom_dataset
from loss import Loss
from model import EAST

torch.manual_seed(0)

model = EAST()
criterion = Loss()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
trainset = custom_dataset([torch.rand(3, 8, 8)], [[]])
img, gt_score, gt_geo, ignored_map = (t.unsqueeze(0) for t in trainset[0])
pred_score, pred_geo = model(img)
loss = criterion(gt_score, pred_score, gt_geo, pred_geo, ignored_map)
optimizer.zero_grad()
loss.backward()
optimizer.step()

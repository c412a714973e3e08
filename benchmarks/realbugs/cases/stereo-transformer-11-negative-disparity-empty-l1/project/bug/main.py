import torch
from torch.utils.data import DataLoader

from dataset.scene_flow import DispNetDataset
from module.loss import build_criterion
from module.sttr import STTR, NestedTensor

torch.manual_seed(0)

model = STTR(max_disp=32)
criterion = build_criterion('rr:1.0, l1_raw:1.0, l1:1.0, occ_be:1.0')
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4, weight_decay=1e-4)

data_loader_train = DataLoader(DispNetDataset(num_samples=4), batch_size=2, shuffle=True)

model.train()
data = next(iter(data_loader_train))
inputs = NestedTensor(data['left'], data['right'], disp=data['disp'], occ_mask=data['occ_mask'])
outputs = model(inputs)
losses = criterion(inputs, outputs)
loss = losses['aggregated']
optimizer.zero_grad()
loss.backward()
optimizer.step()
print('loss', loss.item(), {k: float(v) for k, v in losses.items()})

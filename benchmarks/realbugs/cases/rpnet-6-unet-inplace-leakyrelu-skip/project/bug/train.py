import torch
import torch.nn as nn

from network import IncUNet

torch.manual_seed(0)

model = IncUNet(in_shape=(1, 256, 1))
criterion = nn.SmoothL1Loss()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
ecg = torch.randn(8, 1, 256)
target = torch.zeros(8, 1, 256)
target[:, :, ::40] = 1.0

model.train()
for epoch in range(2):
    for i in range(0, 8, 4):
        out = model(ecg[i:i + 4])
        loss = criterion(out, target[i:i + 4])
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()

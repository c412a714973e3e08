import torch
import torch.nn.functional as F

from model import TSAN

torch.manual_seed(0)
model = TSAN()
opt = torch.optim.Adam(model.parameters(), lr=1e-4)
lr_img = torch.rand(2, 3, 16, 16)
hr_img = torch.rand(2, 3, 16, 16)
loss = F.l1_loss(model(lr_img), hr_img)
opt.zero_grad()
loss.backward()
opt.step()
print(loss.item())

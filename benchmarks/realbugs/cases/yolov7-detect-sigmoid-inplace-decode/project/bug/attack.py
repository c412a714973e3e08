import torch
from models.yolo import Model

torch.manual_seed(0)
model = Model().eval()
for p in model.parameters():
    p.requires_grad_(False)

img = torch.rand(1, 3, 32, 32)
adv_patch = torch.zeros(1, 3, 32, 32, requires_grad=True)
optimizer = torch.optim.Adam([adv_patch], lr=0.03)

optimizer.zero_grad()
pred, _ = model((img + adv_patch).clamp(0, 1))
loss = pred[..., 4].max()
loss.backward()
optimizer.step()
print("max objectness", loss.item())

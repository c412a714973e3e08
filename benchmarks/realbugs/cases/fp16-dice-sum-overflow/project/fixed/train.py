import torch

from dice import DiceLoss
from model import TinyUnet

torch.manual_seed(0)
model = TinyUnet()
criterion = DiceLoss(from_logits=True)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
scaler = torch.amp.GradScaler("cpu")

images = torch.randn(1, 3, 512, 512)
masks = (torch.rand(1, 1, 512, 512) > 0.3).float()

for step in range(1):
    optimizer.zero_grad()
    with torch.autocast("cpu", dtype=torch.float16):
        logits = model(images)
        loss = criterion(logits, masks)
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()
    print(step, loss.item())

import torch
import torch.nn.functional as F

from model import InSPyReNetLite

torch.manual_seed(0)
model = InSPyReNetLite()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-5)
scaler = torch.amp.GradScaler("cpu")

image = torch.randint(0, 256, (1, 3, 192, 192)).float()
gt = (torch.rand(1, 1, 192, 192) > 0.5).float()

for step in range(1):
    optimizer.zero_grad()
    with torch.autocast("cpu", dtype=torch.float16):
        out = model(image)
        loss = F.binary_cross_entropy_with_logits(out.float(), gt)
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()
    print(step, loss.item())

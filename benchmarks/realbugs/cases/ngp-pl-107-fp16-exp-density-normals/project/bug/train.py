import torch
import torch.nn.functional as F
from model import NGP
from losses import NeRFLoss

torch.manual_seed(0)
model = NGP()
# resumed from a trained scene: inside the object the density pre-activation is large
with torch.no_grad():
    model.xyz_encoder[2].bias[0] = 12.0
optimizer = torch.optim.SGD(model.parameters(), lr=1e-3)
loss_fn = NeRFLoss()

for step in range(2):
    pts = torch.rand(64, 3) * 2 - 1
    target = {"rgb": torch.rand(64, 3), "normal": F.normalize(torch.randn(64, 3), dim=-1)}
    results = model(pts)
    loss_d = loss_fn(results, target)
    loss = sum(lo.mean() for lo in loss_d.values())
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())

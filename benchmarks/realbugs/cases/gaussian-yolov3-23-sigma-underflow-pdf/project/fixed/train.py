import torch
from models.yolo_layer import YOLOLayer

torch.manual_seed(0)
layer = YOLOLayer()
with torch.no_grad():
    layer.conv.bias.view(3, 11)[1, 4] = -60.0
optimizer = torch.optim.SGD(layer.parameters(), lr=1e-3, momentum=0.9)
x = torch.randn(2, 16, 4, 4)
target_xy = torch.rand(2, 3, 4, 4, 2)
target_wh = torch.randn(2, 3, 4, 4, 2) * 0.5
tgt_mask = (torch.rand(2, 3, 4, 4) > 0.5).float()

for it in range(2):
    loss = layer(x, target_xy, target_wh, tgt_mask)
    optimizer.zero_grad()
    loss.backward()
    torch.nn.utils.clip_grad_norm_(layer.parameters(), 10.0)
    optimizer.step()
    print(it, loss.item())

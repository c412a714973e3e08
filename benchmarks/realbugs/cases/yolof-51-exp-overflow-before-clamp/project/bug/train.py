import torch
import torch.nn.functional as F
from yolof_head import YOLOFHead
from losses import sigmoid_focal_loss

torch.manual_seed(0)
head = YOLOFHead()
optimizer = torch.optim.SGD(head.parameters(), lr=0.01, momentum=0.9)
feature = torch.randn(2, 16, 6, 6)
feature[0, :, 2, 3] = 400.0
cls_targets = (torch.rand(2, 6, 6, 6) > 0.9).float()
box_targets = torch.randn(2, 8, 6, 6)

for it in range(2):
    cls_out, box_out = head(feature)
    loss = sigmoid_focal_loss(cls_out, cls_targets) / 10 + F.smooth_l1_loss(box_out, box_targets)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(it, loss.item())

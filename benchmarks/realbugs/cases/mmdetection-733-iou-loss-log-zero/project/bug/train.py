import torch
import torch.nn as nn
from mmdet_lite.bbox import delta2bbox
from mmdet_lite.iou_loss import IoULoss

torch.manual_seed(0)
reg_head = nn.Linear(16, 4)
nn.init.normal_(reg_head.weight, std=0.01)
nn.init.zeros_(reg_head.bias)
criterion = IoULoss()
optimizer = torch.optim.SGD(reg_head.parameters(), lr=0.01)

feats = torch.randn(3, 16)
anchors = torch.tensor([[10.0, 10.0, 30.0, 30.0], [50.0, 50.0, 70.0, 80.0], [0.0, 0.0, 8.0, 8.0]])
gt_bboxes = torch.tensor([[12.0, 8.0, 32.0, 28.0], [55.0, 52.0, 72.0, 85.0], [40.0, 40.0, 60.0, 60.0]])
for it in range(1):
    pred = delta2bbox(anchors, reg_head(feats))
    loss = criterion(pred, gt_bboxes, avg_factor=len(gt_bboxes))
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(it, loss.item())

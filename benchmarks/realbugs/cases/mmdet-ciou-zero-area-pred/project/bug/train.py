import torch

from fcos_head import FCOSHead, distance2bbox
from iou_loss import CIoULoss

torch.manual_seed(0)
head = FCOSHead()
loss_bbox = CIoULoss(loss_weight=1.0)
optimizer = torch.optim.SGD(head.parameters(), lr=0.01, momentum=0.9, weight_decay=1e-4)

feats = torch.randn(2, 16, 8, 8)
gt_boxes = torch.tensor([[10.0, 12.0, 40.0, 50.0], [20.0, 8.0, 60.0, 44.0]])
for it in range(2):
    bbox_preds, points = head(feats)
    pos_inds = torch.arange(0, bbox_preds.size(0), 5)
    pos_decoded_bbox_preds = distance2bbox(points[pos_inds], bbox_preds[pos_inds])
    pos_decoded_targets = gt_boxes[pos_inds % 2]
    loss = loss_bbox(pos_decoded_bbox_preds, pos_decoded_targets, avg_factor=len(pos_inds))
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(it, loss.item())

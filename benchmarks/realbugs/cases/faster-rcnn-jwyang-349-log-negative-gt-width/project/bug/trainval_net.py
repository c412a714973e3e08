import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from datasets.pascal_voc import load_pascal_annotation
from model.bbox_transform import bbox_transform_batch

torch.manual_seed(0)
# the reporter's own dataset: annotations are already 0-based, one object touches the left border
objs = [{'bndbox': {'xmin': 0, 'ymin': 12, 'xmax': 40, 'ymax': 60}, 'cls': 1},
        {'bndbox': {'xmin': 15, 'ymin': 20, 'xmax': 70, 'ymax': 90}, 'cls': 2}]
roidb = load_pascal_annotation(objs)
gt_boxes = torch.from_numpy(roidb['boxes'].astype(np.float32)).unsqueeze(0)
anchors = torch.tensor([[[2.0, 10.0, 44.0, 58.0], [12.0, 22.0, 66.0, 95.0]]])

rpn_bbox_pred = nn.Conv2d(8, 2 * 4, 1)
features = torch.randn(1, 8, 1, 1)
optimizer = torch.optim.SGD(rpn_bbox_pred.parameters(), lr=1e-3, momentum=0.9)

for step in range(2):
    pred = rpn_bbox_pred(features).view(1, 2, 4)
    bbox_targets = bbox_transform_batch(anchors, gt_boxes)
    rpn_loss_box = F.smooth_l1_loss(pred, bbox_targets)
    optimizer.zero_grad()
    rpn_loss_box.backward()
    optimizer.step()
    print(step, rpn_loss_box.item())

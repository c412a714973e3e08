import torch
import torch.nn as nn

from encoder import DataEncoder
from loss import FocalLoss

torch.manual_seed(0)

num_classes = 2
encoder = DataEncoder()
num_anchors = encoder.anchor_boxes.size(0)
head = nn.Linear(8, num_anchors * (4 + num_classes))
criterion = FocalLoss(num_classes=num_classes)
optimizer = torch.optim.SGD(head.parameters(), lr=1e-3, momentum=0.9)

samples = [
    (torch.tensor([[30.0, 30.0, 33.0, 34.0]]), torch.tensor([0])),
    (torch.tensor([[10.0, 40.0, 14.0, 43.0]]), torch.tensor([1])),
]
loc_targets, cls_targets = zip(*[encoder.encode(b, l) for b, l in samples])
loc_targets, cls_targets = torch.stack(loc_targets), torch.stack(cls_targets)
features = torch.randn(len(samples), 8)
out = head(features).view(len(samples), num_anchors, 4 + num_classes)
loc_preds, cls_preds = out[..., :4], out[..., 4:]
loss = criterion(loc_preds, loc_targets, cls_preds, cls_targets)
optimizer.zero_grad()
loss.backward()
optimizer.step()

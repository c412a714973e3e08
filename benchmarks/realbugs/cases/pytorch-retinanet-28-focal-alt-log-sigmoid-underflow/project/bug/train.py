import torch
import torch.optim as optim

from loss import FocalLoss
from retinanet import RetinaNet

torch.manual_seed(0)
net = RetinaNet(num_classes=20)
criterion = FocalLoss(num_classes=20)
optimizer = optim.SGD(net.parameters(), lr=1e-3, momentum=0.9, weight_decay=1e-4)

# state after the loss spiked (cls_loss in the thousands): the classification head
# now scores class 4 at about 60 on every anchor, background anchors included
with torch.no_grad():
    net.cls_head.bias.view(net.num_anchors, net.num_classes)[:, 3] = 60.0

inputs = torch.randn(2, 3, 32, 32)
loc_preds, cls_preds = net(inputs)
num_boxes = loc_preds.size(1)
loc_targets = torch.randn(2, num_boxes, 4)
cls_targets = torch.zeros(2, num_boxes, dtype=torch.long)   # background
cls_targets[:, :10] = 7                                     # a few positive anchors
cls_targets[:, 10:20] = -1                                  # ignored anchors

optimizer.zero_grad()
loss = criterion(loc_preds, loc_targets, cls_preds, cls_targets)
loss.backward()
optimizer.step()

import torch

from paa_head import PAAHead

torch.manual_seed(0)
head = PAAHead(num_classes=4, in_channels=8)
optimizer = torch.optim.SGD(head.parameters(), lr=0.01, momentum=0.9)
img_metas = [dict(img_shape=(48, 48)), dict(img_shape=(48, 48))]
feat = torch.randn(2, 8, 6, 6)
n_anchors = 2 * 6 * 6
# a batch whose ground-truth boxes are all marked ignore: the assigner leaves every anchor background
labels = torch.full((n_anchors,), 4, dtype=torch.long)
labels_weight = torch.ones(n_anchors)
loss_log = []

for step in range(2):
    cls_score, bbox_pred, iou_pred = head(feat)
    losses = head.loss(cls_score, bbox_pred, iou_pred, labels, labels_weight, img_metas)
    loss = sum(losses.values())
    loss_log.append(loss.detach())
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, {k: v.item() for k, v in losses.items()})

# https://github.com/open-mmlab/mmdetection/pull/3938 -- PAAHead.loss averages the focal classification
# loss over avg_factor=num_pos; on a batch where no anchor is assigned positive (images whose boxes are
# all ignored), num_pos is 0 and loss.sum() / 0 is inf, so the step pushes inf/NaN into the head.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
num_classes = 4
conv_cls = nn.Conv2d(8, num_classes, 3, padding=1)
feat = torch.randn(2, 8, 6, 6)
cls_scores = conv_cls(feat).permute(0, 2, 3, 1).reshape(-1, num_classes)
labels = torch.full((cls_scores.shape[0],), num_classes, dtype=torch.long)   # every anchor is background
labels_weight = torch.ones(cls_scores.shape[0])
num_pos = int(((labels >= 0) & (labels < num_classes)).sum())

target = F.one_hot(labels, num_classes + 1)[:, :num_classes].float()
pred = cls_scores.sigmoid()
pt = (1 - pred) * target + pred * (1 - target)
focal_weight = 0.25 * target + 0.75 * (1 - target)
loss = F.binary_cross_entropy_with_logits(cls_scores, target, reduction='none') * focal_weight * pt.pow(2.0)
loss = loss * labels_weight[:, None]
avg_factor = num_pos
loss_cls = loss.sum() / avg_factor
loss_cls.backward()

# FIXED (the fix: clamp both logs at -100, as nn.BCELoss does)
# https://github.com/zylo117/Yet-Another-EfficientDet-Pytorch/issues/717 -- FocalLoss computes its BCE with
# raw torch.log, without BCELoss's clamp of the log at -100. In half precision the clamp of the scores to
# 1 - 1e-4 rounds back to 1.0, log(1 - p) = -inf for a confident anchor, and (1 - target) * -inf = NaN.
import torch
import torch.nn as nn

torch.manual_seed(0)
alpha, gamma = 0.25, 2.0
head = nn.Linear(16, 3).half()
feat = torch.randn(6, 16).half()
with torch.no_grad():
    head.bias.copy_(torch.tensor([12.0, -12.0, -12.0]))    # a confident class-0 head after some training
classification = torch.sigmoid(head(feat))
classification = torch.clamp(classification, 1e-4, 1.0 - 1e-4)
targets = torch.zeros(6, 3, dtype=torch.half)
targets[:, 0] = 1.0

alpha_factor = torch.where(torch.eq(targets, 1.), torch.full_like(targets, alpha), torch.full_like(targets, 1. - alpha))
focal_weight = torch.where(torch.eq(targets, 1.), 1. - classification, classification)
focal_weight = alpha_factor * torch.pow(focal_weight, gamma)
bce = -(targets * torch.clamp(torch.log(classification), min=-100) + (1.0 - targets) * torch.clamp(torch.log(1.0 - classification), min=-100))
cls_loss = focal_weight * bce
loss = cls_loss.sum() / torch.clamp(targets.sum(), min=1.0)

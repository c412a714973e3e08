# https://github.com/wutong16/DistributionBalancedLoss/issues/20 -- fixed the standard way: the bias is added
# out of place, logits = logits + self.neg_bias, leaving the sigmoid's saved output intact.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
num_classes = 6
class_freq = torch.tensor([120., 60., 30., 12., 6., 3.])
train_num = 200.0
neg_scale, neg_bias_param = 5.0, 0.1
neg_bias = -torch.log(train_num / class_freq - 1) * neg_bias_param / neg_scale

head = nn.Sequential(nn.Linear(16, num_classes), nn.Sigmoid())
feats = torch.randn(4, 16)
labels = (torch.rand(4, num_classes) > 0.6).float()

cls_score = head(feats)
logits = cls_score
logits = logits + neg_bias
logits = logits * (1 - labels) * neg_scale + logits * labels
loss = F.binary_cross_entropy_with_logits(logits, labels)
loss.backward()

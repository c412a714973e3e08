import torch
import torch.nn as nn
import torch.nn.functional as F


def binary_cross_entropy(pred, label, weight=None, reduction='mean'):
    loss = F.binary_cross_entropy_with_logits(pred, label.float(), weight, reduction='none')
    return loss.mean() if reduction == 'mean' else loss


class ResampleLoss(nn.Module):
    def __init__(self, class_freq, neg_class_freq, focal=dict(focal=True, balance_param=2.0, gamma=2),
                 logit_reg=dict(neg_scale=5.0, neg_bias=0.1), loss_weight=1.0):
        super().__init__()
        self.cls_criterion = binary_cross_entropy
        self.loss_weight = loss_weight
        self.focal = focal['focal']
        self.gamma = focal['gamma']
        self.balance_param = focal['balance_param']
        self.class_freq = class_freq
        self.train_num = class_freq[0] + neg_class_freq[0]
        self.logit_reg = logit_reg
        self.neg_scale = logit_reg['neg_scale'] if 'neg_scale' in logit_reg else 1.0
        neg_bias = logit_reg['neg_bias'] if 'neg_bias' in logit_reg else 0.0
        self.neg_bias = - torch.log(self.train_num / self.class_freq - 1) * neg_bias / self.neg_scale

    def forward(self, cls_score, label):
        weight = torch.ones_like(cls_score)
        cls_score, weight = self.logit_reg_functions(label.float(), cls_score, weight)
        if self.focal:
            logpt = - self.cls_criterion(cls_score.clone(), label, weight=None, reduction='none')
            pt = torch.exp(logpt)
            loss = self.cls_criterion(cls_score, label.float(), weight=weight, reduction='none')
            loss = ((1 - pt) ** self.gamma) * loss
            loss = self.balance_param * loss
        else:
            loss = self.cls_criterion(cls_score, label.float(), weight)
        return self.loss_weight * loss.mean()

    def logit_reg_functions(self, labels, logits, weight=None):
        if not self.logit_reg:
            return logits, weight
        if 'neg_bias' in self.logit_reg:
            logits += self.neg_bias
        if 'neg_scale' in self.logit_reg:
            logits = logits * (1 - labels) * self.neg_scale + logits * labels
            weight = weight / self.neg_scale * (1 - labels) + weight * labels
        return logits, weight

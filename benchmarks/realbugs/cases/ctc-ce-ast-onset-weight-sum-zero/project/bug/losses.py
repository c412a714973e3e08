import torch
import torch.nn as nn


class SplitFrameLoss:
    def __init__(self):
        self.onset_criterion = nn.BCEWithLogitsLoss(reduction="none")
        self.offset_criterion = nn.BCEWithLogitsLoss(reduction="none")

    def __call__(self, onset_logits, offset_logits, onset_prob, offset_prob):
        on_weight = (onset_prob > 0.5).float()
        off_weight = torch.ones_like(offset_prob)
        split_train_loss0 = torch.dot(self.onset_criterion(onset_logits, onset_prob)[0], on_weight[0]) / torch.sum(on_weight)
        split_train_loss1 = torch.dot(self.offset_criterion(offset_logits, offset_prob)[0], off_weight[0]) / torch.sum(off_weight)
        return split_train_loss0, split_train_loss1

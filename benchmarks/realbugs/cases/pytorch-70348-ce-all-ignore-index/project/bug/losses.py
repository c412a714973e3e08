import torch
import torch.nn as nn


class TwoTailLoss(nn.Module):
    def __init__(self, color_weight=1.0):
        super().__init__()
        self.loss_fct = nn.CrossEntropyLoss()
        self.color_weight = color_weight

    def forward(self, outputs, shape_labels, color_labels):
        shape_logits, color_logits = outputs
        loss_shape = self.loss_fct(shape_logits, shape_labels)
        loss_color = self.loss_fct(color_logits, color_labels)
        return loss_shape + self.color_weight * loss_color

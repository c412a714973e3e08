import torch
import torch.nn as nn


class FocalLoss(nn.Module):
    def __init__(self, alpha=0.25, gamma=2.0):
        super().__init__()
        self.alpha = alpha
        self.gamma = gamma

    def forward(self, classifications, targets_list):
        classification_losses = []
        for j in range(classifications.shape[0]):
            classification = classifications[j, :, :]
            targets = targets_list[j].to(classification.dtype)
            classification = torch.clamp(classification, 1e-4, 1.0 - 1e-4)
            num_positive_anchors = torch.eq(targets, 1.).sum()
            alpha_factor = torch.ones_like(targets) * self.alpha
            alpha_factor = torch.where(torch.eq(targets, 1.), alpha_factor, 1. - alpha_factor)
            focal_weight = torch.where(torch.eq(targets, 1.), 1. - classification, classification)
            focal_weight = alpha_factor * torch.pow(focal_weight, self.gamma)
            bce = -(targets * torch.log(classification) + (1.0 - targets) * torch.log(1.0 - classification))
            cls_loss = focal_weight * bce
            cls_loss = torch.where(torch.ne(targets, -1.0), cls_loss, torch.zeros_like(cls_loss))
            classification_losses.append(cls_loss.sum() / torch.clamp(num_positive_anchors.to(cls_loss.dtype), min=1.0))
        return torch.stack(classification_losses).mean(dim=0, keepdim=True)

import torch
import torch.nn as nn


class FocalLoss(nn.Module):
    def forward(self, classifications, annotations, alpha=0.25, gamma=2.0):
        batch_size = classifications.shape[0]
        classification_losses = []
        for j in range(batch_size):
            classification = classifications[j, :, :]
            classification = torch.clamp(classification, 1e-4, 1.0 - 1e-4)
            targets = annotations[j]
            alpha_factor = torch.ones(targets.shape) * alpha
            alpha_factor = torch.where(torch.eq(targets, 1.), alpha_factor, 1. - alpha_factor)
            focal_weight = torch.where(torch.eq(targets, 1.), 1. - classification, classification)
            focal_weight = alpha_factor * torch.pow(focal_weight, gamma)
            bce = -(targets * torch.log(classification) + (1.0 - targets) * torch.log(1.0 - classification))
            cls_loss = focal_weight * bce
            num_positive_anchors = (targets == 1).sum()
            classification_losses.append(cls_loss.sum() / torch.clamp(num_positive_anchors.float(), min=1.0))
        return torch.stack(classification_losses).mean(dim=0, keepdim=True)

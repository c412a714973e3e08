import torch
import torch.nn as nn


def pair_wise_sigmoid_cross_entropy_loss(inputs, labels):
    height_and_width = inputs.shape[1]
    inputs, labels = inputs.float(), labels.float()
    criterion = nn.BCEWithLogitsLoss(reduction="none")
    cross_entropy_loss_pos = criterion(inputs, torch.ones_like(inputs))
    cross_entropy_loss_neg = criterion(inputs, torch.zeros_like(inputs))
    loss_pos = torch.matmul(cross_entropy_loss_pos, labels.T)
    loss_neg = torch.matmul(cross_entropy_loss_neg, (1 - labels).T)
    loss = loss_pos + loss_neg
    loss = loss / height_and_width
    return loss


class Mask2FormerHungarianMatcher(nn.Module):
    def __init__(self, cost_class=2.0, cost_mask=5.0, num_points=60000):
        super().__init__()
        self.cost_class = cost_class
        self.cost_mask = cost_mask
        self.num_points = num_points

    @torch.no_grad()
    def forward(self, masks_queries_logits, class_queries_logits, mask_labels, class_labels):
        indices = []
        for i in range(masks_queries_logits.shape[0]):
            pred_probs = class_queries_logits[i].softmax(-1)
            cost_class = -pred_probs[:, class_labels[i]]
            pred_mask = masks_queries_logits[i].flatten(1)[:, : self.num_points]
            target_mask = mask_labels[i].flatten(1)[:, : self.num_points].to(pred_mask.dtype)
            cost_mask = pair_wise_sigmoid_cross_entropy_loss(pred_mask, target_mask)
            cost_matrix = self.cost_mask * cost_mask + self.cost_class * cost_class
            indices.append(cost_matrix.float().argmin(0))
            self.last_cost_mask = cost_mask
        return indices

import torch
import torch.nn as nn

torch.manual_seed(0)


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


inputs = (torch.randn(8, 60000) - 2).half()
labels = (torch.rand(2, 60000) > 0.3).half()
cost_mask = pair_wise_sigmoid_cross_entropy_loss(inputs, labels)
print(cost_mask)

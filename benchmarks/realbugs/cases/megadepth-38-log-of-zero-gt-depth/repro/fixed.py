import torch
import torch.nn as nn

torch.manual_seed(0)


def data_loss(log_prediction, mask, log_gt):
    N = torch.sum(mask)
    log_diff = log_prediction - log_gt
    log_diff = torch.mul(log_diff, mask)
    s1 = torch.sum(torch.pow(log_diff, 2)) / N
    s2 = torch.pow(torch.sum(log_diff), 2) / (N * N)
    return s1 - s2


net = nn.Conv2d(3, 1, 3, padding=1)
image = torch.rand(1, 3, 16, 16)
gt = torch.rand(1, 1, 16, 16) * 10 + 1
gt[:, :, :4, :] = 0.0
mask = (gt > 0).float()
log_pred = net(image)
log_gt = torch.log(torch.where(mask > 0, gt, torch.ones_like(gt)))
loss = data_loss(log_pred, mask, log_gt)
loss.backward()

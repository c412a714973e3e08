import torch
import torch.nn as nn

torch.manual_seed(0)


def neg_loss(pred, gt):
    pos_inds = gt.eq(1).float()
    neg_inds = gt.lt(1).float()
    neg_weights = torch.pow(1 - gt, 4)
    pos_loss = torch.log(pred) * torch.pow(1 - pred, 2) * pos_inds
    neg_loss = torch.log(1 - pred) * torch.pow(pred, 2) * neg_weights * neg_inds
    num_pos = pos_inds.float().sum()
    pos_loss = pos_loss.sum()
    neg_loss = neg_loss.sum()
    if num_pos == 0:
        return -neg_loss
    return -(pos_loss + neg_loss) / num_pos


head = nn.Conv2d(4, 3, 1)
with torch.no_grad():
    head.weight.fill_(0.5)
    head.bias.fill_(-2.19)
feat = torch.rand(1, 4, 8, 8)
feat[0, :, 3, 5] = 20.0
gt = torch.zeros(1, 3, 8, 8)
gt[0, 1, 3, 5] = 1.0
gt[0, 1, 3, 4] = 0.6
logits = head(feat)
pred = torch.sigmoid(logits)
loss = neg_loss(pred, gt)
loss.backward()
print("loss", loss.item())

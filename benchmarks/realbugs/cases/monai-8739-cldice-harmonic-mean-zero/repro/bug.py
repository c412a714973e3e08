# Project-MONAI/MONAI#8739: SoftclDiceLoss takes the harmonic mean 2 * tprec * tsens / (tprec + tsens); with
# smooth=0 and a prediction that does not overlap the target, tprec = tsens = 0 and it is 0 / 0 = NaN.
import torch
import torch.nn.functional as F


def soft_erode(img):
    p1 = -(F.max_pool2d(-img, (3, 1), (1, 1), (1, 0)))
    p2 = -(F.max_pool2d(-img, (1, 3), (1, 1), (0, 1)))
    return torch.min(p1, p2)


def soft_open(img):
    return F.max_pool2d(soft_erode(img), (3, 3), (1, 1), (1, 1))


def soft_skel(img, iter_):
    img1 = soft_open(img)
    skel = F.relu(img - img1)
    for _ in range(iter_):
        img = soft_erode(img)
        img1 = soft_open(img)
        delta = F.relu(img - img1)
        skel = skel + F.relu(delta - skel * delta)
    return skel


smooth, iters = 0.0, 3
y_true = torch.zeros(1, 2, 16, 16)
y_true[0, 1, 2:14, 3:5] = 1.0
y_true[0, 0] = 1.0 - y_true[0, 1]
y_pred = torch.zeros(1, 2, 16, 16)
y_pred[0, 1, 2:14, 10:12] = 1.0  # predicted vessel elsewhere: no overlap
y_pred[0, 0] = 1.0 - y_pred[0, 1]

skel_pred = soft_skel(y_pred, iters)
skel_true = soft_skel(y_true, iters)
tprec = (torch.sum(torch.multiply(skel_pred, y_true)[:, 1:, ...]) + smooth) / (torch.sum(skel_pred[:, 1:, ...]) + smooth)
tsens = (torch.sum(torch.multiply(skel_true, y_pred)[:, 1:, ...]) + smooth) / (torch.sum(skel_true[:, 1:, ...]) + smooth)
cl_dice = 1.0 - 2.0 * (tprec * tsens) / (tprec + tsens)

# DIoU-pytorch-detectron #19 (open) fixed the standard way: both box heights kept off 0 before atan, as mmdetection's ciou_loss does.
import math
import torch


def compute_ciou(output, target):
    """output / target: (n, 4) boxes as x1, y1, x2, y2"""
    x1, y1, x2, y2 = output[:, 0], output[:, 1], output[:, 2], output[:, 3]
    x1g, y1g, x2g, y2g = target[:, 0], target[:, 1], target[:, 2], target[:, 3]

    x2 = torch.max(x1, x2)
    y2 = torch.max(y1, y2)
    w_pred = x2 - x1
    h_pred = y2 - y1
    w_gt = x2g - x1g
    h_gt = y2g - y1g

    x_center = (x2 + x1) / 2
    y_center = (y2 + y1) / 2
    x_center_g = (x1g + x2g) / 2
    y_center_g = (y1g + y2g) / 2

    xkis1 = torch.max(x1, x1g)
    ykis1 = torch.max(y1, y1g)
    xkis2 = torch.min(x2, x2g)
    ykis2 = torch.min(y2, y2g)

    xc1 = torch.min(x1, x1g)
    yc1 = torch.min(y1, y1g)
    xc2 = torch.max(x2, x2g)
    yc2 = torch.max(y2, y2g)

    intsctk = torch.zeros(x1.size()).to(output)
    mask = (ykis2 > ykis1) * (xkis2 > xkis1)
    intsctk[mask] = (xkis2[mask] - xkis1[mask]) * (ykis2[mask] - ykis1[mask])
    unionk = (x2 - x1) * (y2 - y1) + (x2g - x1g) * (y2g - y1g) - intsctk + 1e-7
    iouk = intsctk / unionk

    c = ((xc2 - xc1) ** 2) + ((yc2 - yc1) ** 2) + 1e-7
    d = ((x_center - x_center_g) ** 2) + ((y_center - y_center_g) ** 2)
    u = d / c
    v = (4 / (math.pi ** 2)) * torch.pow((torch.atan(w_gt / h_gt.clamp(min=1e-7)) - torch.atan(w_pred / h_pred.clamp(min=1e-7))), 2)
    with torch.no_grad():
        S = 1 - iouk
        alpha = v / (S + v)
    ciouk = iouk - (u + alpha * v)
    return (1 - ciouk).sum()


target = torch.tensor([[210.0, 560.0, 320.0, 640.0], [10.0, 10.0, 60.0, 90.0]])
# triggering input: the RPN proposes a roi with the same y1 and y2, e.g. [200, 599, 300, 599]
output = torch.tensor([[200.0, 599.0, 300.0, 599.0], [12.0, 8.0, 58.0, 95.0]], requires_grad=True)
loss = compute_ciou(output, target)
loss.backward()
grad = output.grad

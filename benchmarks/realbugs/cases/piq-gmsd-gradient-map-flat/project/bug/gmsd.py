import torch
import torch.nn.functional as F
from torch.nn.modules.loss import _Loss

from functional import gradient_map, prewitt_filter, similarity_map


def _gmsd(x, y, t=170 / (255. ** 2), alpha=0.0):
    kernels = torch.stack([prewitt_filter(), prewitt_filter().transpose(-1, -2)])
    x_grad = gradient_map(x, kernels)
    y_grad = gradient_map(y, kernels)
    gms = similarity_map(map_x=x_grad, map_y=y_grad, constant=t, alpha=alpha)
    mean_gms = torch.mean(gms, dim=[1, 2, 3], keepdim=True)
    return torch.pow(gms - mean_gms, 2).mean(dim=[1, 2, 3]).sqrt()


def gmsd(x, y, reduction="mean", data_range=1.0, t=170 / (255. ** 2)):
    x = x / float(data_range)
    y = y / float(data_range)
    if x.size(1) == 3:
        weights = torch.tensor([0.299, 0.587, 0.114]).view(1, 3, 1, 1)
        x = torch.sum(x * weights, dim=1, keepdim=True)
        y = torch.sum(y * weights, dim=1, keepdim=True)
    x = F.avg_pool2d(x, kernel_size=2, stride=2, padding=0)
    y = F.avg_pool2d(y, kernel_size=2, stride=2, padding=0)
    score = _gmsd(x=x, y=y, t=t)
    return score.mean() if reduction == "mean" else score.sum()


class GMSDLoss(_Loss):
    def __init__(self, reduction="mean", data_range=1.0, t=170 / (255. ** 2)):
        super().__init__()
        self.reduction = reduction
        self.data_range = data_range
        self.t = t

    def forward(self, x, y):
        return gmsd(x=x, y=y, reduction=self.reduction, data_range=self.data_range, t=self.t)

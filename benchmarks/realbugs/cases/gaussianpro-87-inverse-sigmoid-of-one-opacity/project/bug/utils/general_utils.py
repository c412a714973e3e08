import torch

C0 = 0.28209479177387814


def inverse_sigmoid(x):
    return torch.log(x/(1-x))


def RGB2SH(rgb):
    return (rgb - 0.5) / C0


def dist2_to_nearest(points, k=3):
    d2 = torch.cdist(points, points).pow(2)
    d2.fill_diagonal_(float("inf"))
    return d2.topk(k, dim=1, largest=False).values.mean(dim=1)

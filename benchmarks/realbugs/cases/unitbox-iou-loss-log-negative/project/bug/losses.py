import torch


def IOULoss(pred, target, weight, avg_factor=None):
    xt, xb, xl, xr = torch.split(pred, split_size_or_sections=1, dim=1)
    gt, gb, gl, gr = torch.split(target, split_size_or_sections=1, dim=1)

    X = (xt + xb) * (xl + xr)
    G = (gt + gb) * (gl + gr)

    Ih = torch.min(xt, gt) + torch.min(xb, gb)
    Iw = torch.min(xl, gl) + torch.min(xr, gr)

    _EPSILON = 10e-8
    I = Ih * Iw
    U = X + G - I + _EPSILON
    IoU = torch.div(I, U)

    L = torch.where(~torch.gt(gt, 0.01), torch.zeros_like(xt), -torch.log(IoU + _EPSILON))
    if avg_factor is None:
        avg_factor = max(int(torch.gt(gt, 0.01).sum()), 1)
    return torch.sum(L * weight)[None] / avg_factor

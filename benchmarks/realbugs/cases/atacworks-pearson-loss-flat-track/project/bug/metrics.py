import torch


class Metric(object):
    def __call__(self, x, y):
        raise NotImplementedError


class MSE(Metric):
    def __call__(self, x, y):
        return torch.mean((x - y) ** 2)


class CorrCoef(Metric):
    def __call__(self, x, y):
        xm = x - torch.mean(x, dim=1, keepdim=True)
        ym = y - torch.mean(y, dim=1, keepdim=True)
        r_num = torch.sum(xm * ym, dim=1)
        r_den = torch.sqrt(torch.sum(xm ** 2, dim=1)) * torch.sqrt(torch.sum(ym ** 2, dim=1))
        r = r_num / r_den
        return torch.mean(r)

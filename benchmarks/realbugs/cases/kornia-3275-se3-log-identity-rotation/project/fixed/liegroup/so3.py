import torch


def batched_dot_product(x, y):
    return (x * y).sum(-1)


class So3:
    @staticmethod
    def hat(v):
        a, b, c = v[..., 0], v[..., 1], v[..., 2]
        z = torch.zeros_like(a)
        return torch.stack((z, -c, b, c, z, -a, -b, a, z), -1).view(*v.shape[:-1], 3, 3)

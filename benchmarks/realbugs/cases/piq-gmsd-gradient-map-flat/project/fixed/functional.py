import torch


def prewitt_filter():
    return torch.tensor([[[-1., 0., 1.], [-1., 0., 1.], [-1., 0., 1.]]]) / 3


def gradient_map(x, kernels):
    padding = kernels.size(-1) // 2
    grads = torch.nn.functional.conv2d(x, kernels, padding=padding)
    return torch.sqrt(torch.sum(grads ** 2, dim=-3, keepdim=True) + 1e-12)


def similarity_map(map_x, map_y, constant, alpha=0.0):
    return (2.0 * map_x * map_y - alpha * map_x * map_y + constant) / \
           (map_x ** 2 + map_y ** 2 - alpha * map_x * map_y + constant)

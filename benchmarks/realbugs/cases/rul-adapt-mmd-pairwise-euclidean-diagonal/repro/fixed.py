import torch
import torch.nn as nn

torch.manual_seed(0)


def calc_pairwise_euclidean(x, y):
    num_elems = x.shape[0]
    x = x.view(num_elems, 1, -1)
    y = y.view(1, num_elems, -1)
    return torch.sqrt((x - y) ** 2 + 1e-8).sum(-1)


def mmd(source, target, num_kernels=3):
    feats = torch.cat([source, target], dim=0)
    distances = calc_pairwise_euclidean(feats, feats)
    n = distances.shape[0]
    bandwidth = (n ** 2 - n) / torch.sum(distances.detach())
    bandwidth /= 2 ** (num_kernels // 2)
    kernels = [torch.exp(-distances * bandwidth * 2 ** i) for i in range(num_kernels)]
    k = sum(kernels) / num_kernels
    b = source.shape[0]
    return torch.mean(k[:b, :b] + k[b:, b:] - 2 * k[:b, b:])


feature_extractor = nn.Linear(14, 8)
source = feature_extractor(torch.randn(4, 14))
target = feature_extractor(torch.randn(4, 14) + 0.5)
loss = mmd(source, target)
loss.backward()
print("mmd", loss.item())

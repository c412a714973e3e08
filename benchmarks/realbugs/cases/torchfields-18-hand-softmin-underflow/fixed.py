# torchfields PR #18 fixed: (-mavg / T).softmax(dim=0) instead of the explicit exp / sum.
from itertools import combinations

import torch

torch.manual_seed(0)


def distance(a, b):
    return (a - b).pow(2).sum(dim=0).sqrt()


def get_vote_weights(fields, softmin_temp=1, subset_size=None):
    n, shape = fields.shape[0], fields.shape[2:]
    subset_size = subset_size or (n // 2 + 1)
    mtuples = list(combinations(range(n), subset_size))
    dists = torch.zeros((n, n, *shape))
    for i in range(n):
        for j in range(i):
            dists[i, j] = dists[j, i] = distance(fields[i], fields[j])
    mtuple_avg = []
    for mtuple in mtuples:
        delta = torch.stack([dists[i, j] for i, j in combinations(mtuple, 2)]).mean(dim=0)
        mtuple_avg.append(delta)
    mavg = torch.stack(mtuple_avg)
    mt_weights = (-mavg / softmin_temp).softmax(dim=0)
    field_weights = torch.zeros((n, *shape))
    for i, mtuple in enumerate(mtuples):
        for j in mtuple:
            field_weights[j] += mt_weights[i]
    elements_per_subset = field_weights.sum(dim=0, keepdim=True)
    return field_weights / elements_per_subset


# three displacement fields (N, 2, H, W) that disagree by hundreds of pixels in one region
fields = torch.randn(3, 2, 8, 8)
fields[0, :, :4, :4] += 300.0
fields[1, :, :4, :4] -= 300.0
weights = get_vote_weights(fields)

import torch


def rbf_weights(queries, keys, bandwidth):
    tensor1 = -torch.cdist(queries, keys).pow(2) / bandwidth
    tensor2 = torch.clamp(torch.exp(tensor1), 1e-9)
    return tensor2 / tensor2.sum(dim=-1, keepdim=True)

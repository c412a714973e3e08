import numpy as np
import torch


def random_walk(adj_mx):
    adj_mx = np.asarray(adj_mx, dtype=np.float64)
    d = adj_mx.sum(1)
    with np.errstate(divide="ignore"):
        d_inv = np.power(d, -1).flatten()
    d_inv[np.isinf(d_inv)] = 0.0
    random_walk_mx = np.diag(d_inv).dot(adj_mx)
    return random_walk_mx


def reverse_random_walk(adj_mx):
    return random_walk(np.transpose(adj_mx))


def sparse_matrix(L):
    return torch.tensor(L, dtype=torch.float32).to_sparse()

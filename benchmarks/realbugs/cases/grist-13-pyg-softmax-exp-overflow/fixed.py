# GRIST ID-13: pytorch_geometric utils/softmax.py (issue #53), src.exp() without subtracting the group max gives NaN
import torch


def maybe_num_nodes(index, num_nodes=None):
    return index.max().item() + 1 if num_nodes is None else num_nodes


def scatter_add(src, index, dim=0, dim_size=None):
    out = torch.zeros((dim_size,) + src.shape[1:], dtype=src.dtype)
    return out.index_add(dim, index, src)


def scatter_max(src, index, dim=0, dim_size=None):
    out = torch.full((dim_size,) + src.shape[1:], float("-inf"), dtype=src.dtype)
    return out.scatter_reduce(dim, index, src, reduce="amax"), None


def softmax(src, index, num_nodes=None):
    num_nodes = maybe_num_nodes(index, num_nodes)

    row_max, _ = scatter_max(src, index, dim=0, dim_size=num_nodes)
    src = src - row_max[index]
    out = src.exp()
    out = out / scatter_add(out, index, dim=0, dim_size=num_nodes)[index]

    return out


row = torch.LongTensor([0, 0, 0, 1, 1, 1])
edge_attr = torch.Tensor([0, 1, 2, 0, 1, 2])
# triggering input: large attention scores (GRIST maximizes edge_attr), e.g. as GATConv produces
edge_attr = edge_attr * 50
edge_attr.requires_grad_(True)
out = softmax(edge_attr, row)

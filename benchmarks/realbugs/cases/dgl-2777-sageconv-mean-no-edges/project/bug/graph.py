import torch


class Graph(object):
    """A small directed graph stored as a dense adjacency (dst x src)."""

    def __init__(self, src, dst, num_nodes):
        self.num_nodes = num_nodes
        self.adj = torch.zeros(num_nodes, num_nodes)
        if len(src) > 0:
            self.adj[torch.as_tensor(dst), torch.as_tensor(src)] = 1.0

    def in_degrees(self):
        return self.adj.sum(1)

    def update_all_mean(self, feat):
        """copy_src('h', 'm') then mean('m', 'neigh')."""
        msg_sum = self.adj @ feat
        return msg_sum / self.in_degrees().unsqueeze(-1)


def from_adjacency(adjacency):
    dst, src = adjacency.nonzero(as_tuple=True)
    return Graph(src.tolist(), dst.tolist(), adjacency.shape[0])

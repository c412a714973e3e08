import torch
import torch.nn as nn


class Generator(nn.Module):
    """Generator network: z -> adjacency logits and node-type logits."""

    def __init__(self, z_dim=8, vertexes=9, edges=5, nodes=5, conv_dims=(32, 64)):
        super().__init__()
        self.vertexes, self.edges, self.nodes = vertexes, edges, nodes
        layers, in_dim = [], z_dim
        for d in conv_dims:
            layers += [nn.Linear(in_dim, d), nn.Tanh()]
            in_dim = d
        self.layers = nn.Sequential(*layers)
        self.edges_layer = nn.Linear(in_dim, edges * vertexes * vertexes)
        self.nodes_layer = nn.Linear(in_dim, vertexes * nodes)

    def forward(self, z):
        h = self.layers(z)
        edges_logits = self.edges_layer(h).view(-1, self.edges, self.vertexes, self.vertexes)
        edges_logits = ((edges_logits + edges_logits.permute(0, 1, 3, 2)) / 2).permute(0, 2, 3, 1)
        nodes_logits = self.nodes_layer(h).view(-1, self.vertexes, self.nodes)
        return edges_logits, nodes_logits


class Discriminator(nn.Module):
    """Discriminator / value network on the (soft) molecular graph."""

    def __init__(self, vertexes=9, edges=5, nodes=5, hidden=64):
        super().__init__()
        in_dim = vertexes * vertexes * edges + vertexes * nodes
        self.net = nn.Sequential(nn.Linear(in_dim, hidden), nn.Tanh())
        self.out = nn.Linear(hidden, 1)

    def forward(self, adj, hidden, node, activation=None):
        h = self.net(torch.cat([adj.flatten(1), node.flatten(1)], dim=1))
        out = self.out(h)
        out = activation(out) if activation is not None else out
        return out, h

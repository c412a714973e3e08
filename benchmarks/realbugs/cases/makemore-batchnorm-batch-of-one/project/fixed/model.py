import torch
import torch.nn.functional as F

from layers import BatchNorm1d, Linear, Tanh


class MLP:
    def __init__(self, vocab_size, block_size, n_embd=10, n_hidden=64, seed=2147483647):
        g = torch.Generator().manual_seed(seed)
        self.block_size = block_size
        self.C = torch.randn((vocab_size, n_embd), generator=g)
        self.layers = [
            Linear(n_embd * block_size, n_hidden, bias=False, generator=g), BatchNorm1d(n_hidden), Tanh(),
            Linear(n_hidden, n_hidden, bias=False, generator=g), BatchNorm1d(n_hidden), Tanh(),
            Linear(n_hidden, vocab_size, generator=g),
        ]
        with torch.no_grad():
            self.layers[-1].weight *= 0.1
        for p in self.parameters():
            p.requires_grad = True

    def parameters(self):
        return [self.C] + [p for layer in self.layers for p in layer.parameters()]

    def __call__(self, X, Y=None):
        x = self.C[X].view(X.shape[0], -1)
        for layer in self.layers:
            x = layer(x)
        loss = None if Y is None else F.cross_entropy(x, Y)
        return x, loss

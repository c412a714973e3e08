import copy
from typing import Callable, Optional, Tuple, Union

import torch
from torch import Tensor
from torch.nn import Linear, ModuleList, ReLU


class FiLMConv(torch.nn.Module):
    r"""The FiLM graph convolutional operator from the
    `"GNN-FiLM: Graph Neural Networks with Feature-wise Linear Modulation"
    <https://arxiv.org/abs/1906.12192>`_ paper (mean aggregation)."""

    def __init__(self, in_channels: Union[int, Tuple[int, int]], out_channels: int, num_relations: int = 1,
                 nn: Optional[Callable] = None, act: Optional[Callable] = ReLU()):
        super().__init__()
        self.in_channels = in_channels
        self.out_channels = out_channels
        self.num_relations = max(num_relations, 1)
        self.act = act

        if isinstance(in_channels, int):
            in_channels = (in_channels, in_channels)

        self.lins = ModuleList()
        self.films = ModuleList()
        for _ in range(num_relations):
            self.lins.append(Linear(in_channels[0], out_channels, bias=False))
            if nn is None:
                film = Linear(in_channels[1], 2 * out_channels)
            else:
                film = copy.deepcopy(nn)
            self.films.append(film)

        self.lin_skip = Linear(in_channels[1], self.out_channels, bias=False)
        if nn is None:
            self.film_skip = Linear(in_channels[1], 2 * self.out_channels, bias=False)
        else:
            self.film_skip = copy.deepcopy(nn)

    def propagate(self, edge_index: Tensor, x: Tensor, beta: Tensor, gamma: Tensor) -> Tensor:
        src, dst = edge_index
        msg = self.message(x[src], beta[dst], gamma[dst])
        out = torch.zeros(beta.size(0), msg.size(-1), dtype=msg.dtype).index_add(0, dst, msg)
        count = torch.zeros(beta.size(0), dtype=msg.dtype).index_add(0, dst, torch.ones_like(dst, dtype=msg.dtype))
        return out / count.clamp(min=1).view(-1, 1)

    def forward(self, x: Union[Tensor, Tuple[Tensor, Tensor]], edge_index: Tensor, edge_type: Optional[Tensor] = None) -> Tensor:
        if isinstance(x, Tensor):
            x = (x, x)

        beta, gamma = self.film_skip(x[1]).split(self.out_channels, dim=-1)
        out = gamma * self.lin_skip(x[1]) + beta
        if self.act is not None:
            out = self.act(out)

        if self.num_relations <= 1:
            beta, gamma = self.films[0](x[1]).split(self.out_channels, dim=-1)
            out += self.propagate(edge_index, x=self.lins[0](x[0]), beta=beta, gamma=gamma)
        else:
            for i, (lin, film) in enumerate(zip(self.lins, self.films)):
                beta, gamma = film(x[1]).split(self.out_channels, dim=-1)
                assert edge_type is not None
                mask = edge_type == i
                out += self.propagate(edge_index[:, mask], x=lin(x[0]), beta=beta, gamma=gamma)

        return out

    def message(self, x_j: Tensor, beta_i: Tensor, gamma_i: Tensor) -> Tensor:
        out = gamma_i * x_j + beta_i
        if self.act is not None:
            out = self.act(out)
        return out

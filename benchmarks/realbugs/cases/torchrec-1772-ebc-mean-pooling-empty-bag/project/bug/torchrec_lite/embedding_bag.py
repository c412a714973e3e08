from typing import Dict, List

import torch
from torch import nn


class KeyedJaggedTensor:
    """values/lengths of several sparse features, feature-major like torchrec's KJT."""

    def __init__(self, keys: List[str], values: torch.Tensor, lengths: torch.Tensor) -> None:
        self._keys = keys
        self._values = values
        self._lengths = lengths

    def to_dict(self) -> Dict[str, Dict[str, torch.Tensor]]:
        stride = self._lengths.numel() // len(self._keys)
        out, offset = {}, 0
        for i, key in enumerate(self._keys):
            lengths = self._lengths[i * stride : (i + 1) * stride]
            n = int(lengths.sum())
            out[key] = {"values": self._values[offset : offset + n], "lengths": lengths}
            offset += n
        return out


class EmbeddingBagCollection(nn.Module):
    def __init__(self, tables: Dict[str, int], embedding_dim: int, pooling: str = "MEAN") -> None:
        super().__init__()
        self.pooling = pooling
        self.embedding_bags = nn.ModuleDict(
            {name: nn.Embedding(num, embedding_dim) for name, num in tables.items()}
        )

    def forward(self, features: KeyedJaggedTensor) -> Dict[str, torch.Tensor]:
        pooled_embeddings = {}
        for key, jt in features.to_dict().items():
            values, lengths = jt["values"], jt["lengths"]
            emb = self.embedding_bags[key](values)
            segment = torch.repeat_interleave(torch.arange(lengths.numel()), lengths)
            summed = torch.zeros(lengths.numel(), emb.size(-1), dtype=emb.dtype).index_add(0, segment, emb)
            if self.pooling == "MEAN":
                lengths = lengths.to(emb.dtype)
                pooled = summed / lengths.unsqueeze(-1)
            else:
                pooled = summed
            pooled_embeddings[key] = pooled
        return pooled_embeddings

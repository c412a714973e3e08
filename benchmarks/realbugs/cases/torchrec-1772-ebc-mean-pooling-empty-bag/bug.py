# meta-pytorch/torchrec#1772: EmbeddingBagCollection mean pooling computed as a sum pooling divided by the bag lengths.
from typing import Dict, List
import torch
from torch import nn
import torch.nn.functional as F


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


class SimpleDLRM(nn.Module):
    def __init__(self, dense_in: int = 4, embedding_dim: int = 8) -> None:
        super().__init__()
        self.ebc = EmbeddingBagCollection({"user_tags": 20, "item_cats": 30}, embedding_dim, pooling="MEAN")
        self.dense_arch = nn.Sequential(nn.Linear(dense_in, embedding_dim), nn.ReLU())
        self.over_arch = nn.Sequential(nn.Linear(3 * embedding_dim, 16), nn.ReLU(), nn.Linear(16, 1))

    def forward(self, dense_features, sparse_features):
        dense = self.dense_arch(dense_features)
        pooled = self.ebc(sparse_features)
        x = torch.cat([dense, pooled["user_tags"], pooled["item_cats"]], dim=1)
        return self.over_arch(x).squeeze(-1)


torch.manual_seed(0)

model = SimpleDLRM()
optimizer = torch.optim.Adagrad(model.parameters(), lr=0.05)

# batch of 3: the second user has no tags at all
sparse = KeyedJaggedTensor(
    keys=["user_tags", "item_cats"],
    values=torch.tensor([1, 5, 7, 3, 2, 11, 4, 9]),
    lengths=torch.tensor([2, 0, 2, 1, 2, 1]),
)
dense = torch.randn(3, 4)
labels = torch.tensor([1.0, 0.0, 1.0])

optimizer.zero_grad()
logits = model(dense, sparse)
loss = F.binary_cross_entropy_with_logits(logits, labels)
loss.backward()
optimizer.step()

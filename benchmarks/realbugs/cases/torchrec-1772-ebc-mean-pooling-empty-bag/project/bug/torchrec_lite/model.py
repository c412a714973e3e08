import torch
from torch import nn

from torchrec_lite.embedding_bag import EmbeddingBagCollection


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

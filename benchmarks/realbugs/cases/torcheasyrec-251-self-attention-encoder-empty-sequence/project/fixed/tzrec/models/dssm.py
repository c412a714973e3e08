from typing import Dict

import torch
from torch import nn

from tzrec.modules.sequence import SelfAttentionEncoder


class UserTower(nn.Module):
    def __init__(self, num_items: int = 100, emb_dim: int = 16, out_dim: int = 8) -> None:
        super().__init__()
        self.item_emb = nn.Embedding(num_items, emb_dim, padding_idx=0)
        self.seq_encoder = SelfAttentionEncoder(emb_dim, num_heads=2, sequence_name="click_seq")
        self.mlp = nn.Sequential(nn.Linear(emb_dim, 32), nn.ReLU(), nn.Linear(32, out_dim))

    def forward(self, batch: Dict[str, torch.Tensor]) -> torch.Tensor:
        seq = self.item_emb(batch["click_seq"])
        pooled = self.seq_encoder({"click_seq": seq, "click_seq.length": batch["click_seq.length"]})
        return self.mlp(pooled)

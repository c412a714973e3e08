import torch.nn as nn
import torch.nn.functional as F


class SentenceEncoder(nn.Module):
    def __init__(self, vocab_size=20, dim=8):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, dim, padding_idx=0)
        self.ff = nn.Linear(dim, dim, bias=False)

    def mean_pool(self, hidden, attention_mask):
        mask = attention_mask.unsqueeze(-1).to(hidden.dtype)
        return (hidden * mask).sum(1) / mask.sum(1).clamp(min=1)

    def forward(self, input_ids, attention_mask):
        hidden = self.ff(self.embed(input_ids))
        pooled = self.mean_pool(hidden, attention_mask)
        return F.normalize(pooled, p=2, dim=-1)

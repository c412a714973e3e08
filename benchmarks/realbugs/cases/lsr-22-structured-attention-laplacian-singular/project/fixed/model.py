import torch
import torch.nn as nn

from reasoner import StructuredAttention


class LSR(nn.Module):
    def __init__(self, vocab=100, hidden=16, num_rel=4):
        super().__init__()
        self.embed = nn.Embedding(vocab, hidden)
        self.reasoner = StructuredAttention(hidden)
        self.classifier = nn.Linear(2 * hidden, num_rel)

    def forward(self, mention_ids, mention_mask, head_idx, tail_idx):
        h = self.embed(mention_ids)
        h = self.reasoner(h, mention_mask)
        b = torch.arange(h.size(0))
        return self.classifier(torch.cat([h[b, head_idx], h[b, tail_idx]], dim=-1))

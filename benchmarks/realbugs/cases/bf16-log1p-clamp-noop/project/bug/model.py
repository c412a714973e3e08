import math

import torch
import torch.nn as nn


class SpanBoundaryModel(nn.Module):
    def __init__(self, vocab_size=100, d_model=64, max_span=4):
        super().__init__()
        self.d_model = d_model
        self.max_span = max_span
        self.embed = nn.Embedding(vocab_size, d_model)
        self.span_proj = nn.Linear(2 * d_model, d_model)
        self.pair_scorer = nn.Linear(d_model, 1)
        self.start_head = nn.Linear(d_model, 1)
        self.end_head = nn.Linear(d_model, 1)

    def forward(self, tokens):
        h = self.embed(tokens) * math.sqrt(self.d_model)
        b, n, _ = h.shape
        starts, ends = [], []
        for i in range(n):
            for j in range(i, min(n, i + self.max_span)):
                starts.append(i)
                ends.append(j)
        starts = torch.tensor(starts)
        ends = torch.tensor(ends)
        span = torch.cat([h[:, starts], h[:, ends]], dim=-1)
        pair_logits = self.pair_scorer(self.span_proj(span)).squeeze(-1)
        indices = torch.stack([starts, ends], dim=-1).expand(b, -1, -1)
        return {
            "pair_logits": pair_logits.unsqueeze(1),
            "indices": indices.unsqueeze(1),
            "start_logits": self.start_head(h).squeeze(-1).unsqueeze(1),
            "end_logits": self.end_head(h).squeeze(-1).unsqueeze(1),
        }

import torch
import torch.nn as nn


class TinyBertClassifier(nn.Module):
    def __init__(self, vocab_size=100, hidden=32, num_labels=2):
        super().__init__()
        self.embeddings = nn.Embedding(vocab_size, hidden, padding_idx=0)
        self.encoder = nn.Sequential(nn.Linear(hidden, hidden), nn.GELU(), nn.Linear(hidden, hidden))
        self.classifier = nn.Linear(hidden, num_labels)

    def forward(self, inputs_embeds, attention_mask):
        h = self.encoder(inputs_embeds)
        mask = attention_mask.unsqueeze(2).to(h.dtype)
        pooled = (h * mask).sum(1) / mask.sum(1)
        return self.classifier(pooled)

"""A tiny stand-in for the vision-language model: returns the shifted next-token loss."""
import torch.nn as nn
import torch.nn.functional as F

from dataset import IGNORE_INDEX


class TinyVLM(nn.Module):
    def __init__(self, vocab=64, hidden=32):
        super().__init__()
        self.embed = nn.Embedding(vocab, hidden)
        self.block = nn.GRU(hidden, hidden, batch_first=True)
        self.lm_head = nn.Linear(hidden, vocab)

    def forward(self, input_ids, labels):
        h, _ = self.block(self.embed(input_ids))
        logits = self.lm_head(h)
        shift_logits, shift_labels = logits[:, :-1], labels[:, 1:]
        return F.cross_entropy(shift_logits.reshape(-1, shift_logits.size(-1)), shift_labels.reshape(-1),
                               ignore_index=IGNORE_INDEX)

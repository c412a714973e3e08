import torch
import torch.nn as nn


class TinyLlamaForCausalLM(nn.Module):
    def __init__(self, vocab_size=64, hidden=32):
        super().__init__()
        self.embed_tokens = nn.Embedding(vocab_size, hidden)
        self.layer = nn.GRU(hidden, hidden, batch_first=True)
        self.lm_head = nn.Linear(hidden, vocab_size)
        self.vocab_size = vocab_size

    def forward(self, input_ids, labels=None):
        h, _ = self.layer(self.embed_tokens(input_ids))
        logits = self.lm_head(h)
        loss = None
        if labels is not None:
            shift_logits = logits[..., :-1, :].contiguous()
            shift_labels = labels[..., 1:].contiguous()
            loss_fct = nn.CrossEntropyLoss()
            loss = loss_fct(shift_logits.view(-1, self.vocab_size), shift_labels.view(-1))
        return loss, logits

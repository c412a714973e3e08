"""A tiny causal language model with a Hugging Face style forward (returns the loss)."""
import torch.nn as nn


class CharTokenizer:
    eos_token_id = 1

    def encode(self, text):
        return [2 + (ord(c) % 60) for c in text]


class TinyCausalLM(nn.Module):
    def __init__(self, vocab_size=64, hidden=32):
        super().__init__()
        self.embed_tokens = nn.Embedding(vocab_size, hidden)
        self.rnn = nn.GRU(hidden, hidden, batch_first=True)
        self.lm_head = nn.Linear(hidden, vocab_size)

    def forward(self, input_ids, labels=None, attention_mask=None):
        hidden, _ = self.rnn(self.embed_tokens(input_ids))
        logits = self.lm_head(hidden)
        loss = None
        if labels is not None:
            # Shift so that tokens < n predict n
            shift_logits = logits[..., :-1, :].contiguous()
            shift_labels = labels[..., 1:].contiguous()
            loss_fct = nn.CrossEntropyLoss()
            loss = loss_fct(shift_logits.view(-1, shift_logits.size(-1)), shift_labels.view(-1))
        return loss, logits

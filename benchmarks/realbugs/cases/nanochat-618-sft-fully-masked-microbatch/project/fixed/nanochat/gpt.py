from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class GPTConfig:
    sequence_len: int = 16
    vocab_size: int = 64
    n_layer: int = 1
    n_embd: int = 32


class GPT(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.wte = nn.Embedding(config.vocab_size, config.n_embd)
        self.block = nn.TransformerEncoderLayer(config.n_embd, 4, 4 * config.n_embd, dropout=0.0, batch_first=True)
        self.lm_head = nn.Linear(config.n_embd, config.vocab_size, bias=False)

    def forward(self, idx, targets=None, loss_reduction='mean'):
        T = idx.size(1)
        causal = torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1)
        x = self.block(self.wte(idx), src_mask=causal)
        softcap = 15
        if targets is not None:
            # training mode: compute and return the loss
            logits = self.lm_head(x)
            logits = softcap * torch.tanh(logits / softcap)  # logits softcap
            logits = logits.float()  # use tf32/fp32 for logits
            valid_mask = targets != -1  # nanochat#619: a fully masked micro-batch has no loss
            if valid_mask.any():
                loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1), ignore_index=-1, reduction=loss_reduction)
            else:
                loss = (logits * 0.0).sum()
            return loss
        logits = self.lm_head(x)
        return softcap * torch.tanh(logits / softcap)

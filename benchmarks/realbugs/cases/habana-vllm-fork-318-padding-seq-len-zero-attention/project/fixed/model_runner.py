from dataclasses import dataclass
from typing import List

import torch


@dataclass
class PreparePromptMetadata:
    input_tokens: torch.Tensor
    seq_lens: torch.Tensor
    attn_bias: torch.Tensor


class HpuModelRunner:
    def __init__(self, batch_bucket: int, seq_bucket: int, vocab_size: int = 100):
        self.batch_bucket = batch_bucket
        self.seq_bucket = seq_bucket
        self.vocab_size = vocab_size

    def _pad_batch(self, seq_lens: List[int]) -> List[int]:
        # dummy sequences that fill the batch up to its bucket; seq_len 1, not 0, so that
        # their attention mask is never empty
        return seq_lens + [1] * (self.batch_bucket - len(seq_lens))

    def _make_attn_bias(self, seq_lens: torch.Tensor) -> torch.Tensor:
        pos = torch.arange(self.seq_bucket)
        valid = pos[None, :] < seq_lens[:, None]
        causal = pos[None, :] <= pos[:, None]
        return valid[:, None, None, :] & causal[None, None, :, :]

    def prepare_prompt(self, prompts: List[List[int]]) -> PreparePromptMetadata:
        seq_lens = torch.tensor(self._pad_batch([len(p) for p in prompts]))
        tokens = torch.zeros(self.batch_bucket, self.seq_bucket, dtype=torch.long)
        for i, p in enumerate(prompts):
            tokens[i, : len(p)] = torch.tensor(p)
        return PreparePromptMetadata(tokens, seq_lens, self._make_attn_bias(seq_lens))

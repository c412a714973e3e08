from typing import Dict

import torch
from torch import nn


def _attention_mask(sequence: torch.Tensor, num_heads: int, sequence_length: torch.Tensor) -> torch.Tensor:
    batch_size, max_len, _ = sequence.shape
    padding = torch.arange(max_len, device=sequence.device).unsqueeze(0) >= sequence_length.unsqueeze(1)
    attn_mask = padding.unsqueeze(1).expand(batch_size, max_len, max_len)
    return attn_mask.repeat_interleave(num_heads, dim=0)  # [B*num_heads, L, L]


class SelfAttentionEncoder(nn.Module):
    """Multi-head self attention over a user behaviour sequence, mean pooled."""

    def __init__(self, input_dim: int, num_heads: int = 2, max_seq_length: int = 16,
                 sequence_name: str = "click_seq") -> None:
        super().__init__()
        self._num_heads = num_heads
        self._max_seq_length = max_seq_length
        self._sequence_name = sequence_name
        self._sequence_length_name = f"{sequence_name}.length"
        self._query = nn.Linear(input_dim, input_dim)
        self._key = nn.Linear(input_dim, input_dim)
        self._value = nn.Linear(input_dim, input_dim)
        self._multihead_attn = nn.MultiheadAttention(input_dim, num_heads, batch_first=True)

    def output_dim(self) -> int:
        return self._query.out_features

    def forward(self, sequence_embedded: Dict[str, torch.Tensor]) -> torch.Tensor:
        sequence = sequence_embedded[self._sequence_name]
        if sequence.size(1) > self._max_seq_length:
            sequence = sequence[:, : self._max_seq_length, :]

        Q = self._query(sequence)
        K = self._key(sequence)
        V = self._value(sequence)
        sequence_length = sequence_embedded[self._sequence_length_name]
        attn_mask = _attention_mask(sequence, self._num_heads, sequence_length)
        attn_output, attn_weights = self._multihead_attn(Q, K, V, attn_mask=attn_mask)
        attn_output = torch.nan_to_num(attn_output, nan=0.0)
        sequence_length = torch.clamp_min(sequence_length, 1)
        output = attn_output.sum(dim=1) / sequence_length.unsqueeze(1)
        return output

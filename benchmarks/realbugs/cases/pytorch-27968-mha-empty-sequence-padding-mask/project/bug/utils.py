"""Padding helpers (as in fastNLP's seq_len_to_mask)."""
import numpy as np
import torch


def seq_len_to_mask(seq_len, max_len=None, mask_pos_to_true=True):
    if isinstance(seq_len, list):
        seq_len = np.array(seq_len)
    if isinstance(seq_len, np.ndarray):
        seq_len = torch.from_numpy(seq_len)
    assert seq_len.dim() == 1, f"seq_len can only have one dimension, got {seq_len.dim()}."
    batch_size = seq_len.size(0)
    max_len = int(max_len) if max_len else seq_len.max().long()
    broad_cast_seq_len = torch.arange(max_len).expand(batch_size, -1).to(seq_len)
    if mask_pos_to_true:
        return broad_cast_seq_len.ge(seq_len.unsqueeze(1))
    return broad_cast_seq_len.lt(seq_len.unsqueeze(1))


def pad_batch(sequences, pad_id=0):
    seq_len = torch.tensor([len(s) for s in sequences])
    max_len = max(int(seq_len.max()), 1)
    tokens = torch.full((len(sequences), max_len), pad_id, dtype=torch.long)
    for i, s in enumerate(sequences):
        tokens[i, :len(s)] = torch.tensor(s, dtype=torch.long)
    return tokens, seq_len

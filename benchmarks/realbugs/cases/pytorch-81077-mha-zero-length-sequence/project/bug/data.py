import torch


def make_batch(batch_size, max_len, embed_dim, generator):
    """Random variable-length sequences, lengths drawn from {0, 32, 64, ...} as in the report's script."""
    lengths = torch.randint(0, 5, (batch_size,), generator=generator) * (max_len // 4)
    x = torch.randn(batch_size, max_len, embed_dim, generator=generator)
    return x, lengths


def padding_mask(lengths, max_len):
    """True where a position is padding (key_padding_mask convention)."""
    return torch.arange(max_len).expand(len(lengths), -1) >= lengths.unsqueeze(1)

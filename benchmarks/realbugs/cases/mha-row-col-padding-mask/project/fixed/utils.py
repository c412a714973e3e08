import torch


def lengths_to_padding_mask(lengths, max_len):
    """(batch, max_len) boolean mask, True where a position is padding."""
    positions = torch.arange(max_len, device=lengths.device)
    return positions[None, :] >= lengths[:, None]


def build_self_attention_mask(padding_mask, num_heads):
    """Mask for nn.MultiheadAttention: padded positions neither attend nor are attended to."""
    mask = padding_mask[:, :, None] | padding_mask[:, None, :]
    return mask.repeat_interleave(num_heads, dim=0)

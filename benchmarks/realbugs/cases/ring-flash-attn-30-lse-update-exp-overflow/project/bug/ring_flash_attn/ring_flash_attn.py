import torch

from .utils import update_out_and_lse


def _flash_attn_forward(q, k, v, softmax_scale):
    """Reference attention of one (q, k-block) pair: returns out [b, s, h, d] and lse [b, h, s]."""
    scores = torch.einsum("bqhd,bkhd->bhqk", q.float(), k.float()) * softmax_scale
    lse = torch.logsumexp(scores, dim=-1)
    probs = torch.exp(scores - lse[..., None])
    out = torch.einsum("bhqk,bkhd->bqhd", probs, v.float())
    return out, lse


def ring_flash_attn_forward(q, k_blocks, v_blocks, softmax_scale):
    """Each rank keeps its q and receives the k/v blocks of the other ranks in turn (simulated here)."""
    out, lse = None, None
    for k, v in zip(k_blocks, v_blocks):
        block_out, block_lse = _flash_attn_forward(q, k, v, softmax_scale)
        out, lse = update_out_and_lse(out, lse, block_out, block_lse)
    out = out.to(q.dtype)
    lse = lse.squeeze(dim=-1).transpose(1, 2)
    return out, lse

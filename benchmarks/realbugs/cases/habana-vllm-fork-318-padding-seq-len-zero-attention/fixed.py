# HabanaAI/vllm-fork#318, fixed as the pull request does: padding sequences get seq_len=1, so their
# attention mask is never empty.
import torch

torch.manual_seed(0)


def make_attn_mask(seq_lens, max_len):
    positions = torch.arange(max_len)
    valid = positions[None, :] < seq_lens[:, None]                 # (B, T) keys that exist
    causal = positions[None, :] <= positions[:, None]               # (T, T)
    return valid[:, None, None, :] & causal[None, None, :, :]       # (B, 1, T, T)


def prompt_attention(q, k, v, attn_mask, scale):
    scores = torch.matmul(q, k.transpose(-1, -2)) * scale
    scores = scores.masked_fill(~attn_mask, float("-inf"))
    probs = torch.softmax(scores, dim=-1)
    return torch.matmul(probs, v)


batch_size, bucket_len, heads, head_dim = 4, 8, 2, 16
seq_lens = [5, 8]                                   # two real prompts
seq_lens = seq_lens + [1] * (batch_size - len(seq_lens))   # padding sequences get seq_len 1
seq_lens = torch.tensor(seq_lens)

q = torch.randn(batch_size, heads, bucket_len, head_dim)
k = torch.randn(batch_size, heads, bucket_len, head_dim)
v = torch.randn(batch_size, heads, bucket_len, head_dim)
attn_mask = make_attn_mask(seq_lens, bucket_len)
out = prompt_attention(q, k, v, attn_mask, head_dim ** -0.5)
kv_cache = torch.zeros(batch_size, heads, bucket_len, head_dim)
kv_cache += out

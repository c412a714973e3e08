# NVIDIA/kvpress#250: search_hyperplane builds fake keys -1e5 * Y / ||Y||^2 in the query dtype; with a float16
# model and a small ||Y|| they exceed 65504 and become +/-inf, and q @ k then mixes +inf and -inf: NaN logits.
import torch

torch.manual_seed(1)


def search_hyperplane(X, max_iter: int = 1000):
    Y = X.mean(1)  # this initialization is enough for most cases
    for _ in range(max_iter):
        mask = torch.bmm(X, Y.unsqueeze(-1)) <= 0
        if not mask.any():
            return -1e5 * Y / Y.norm(dim=-1, keepdim=True) ** 2
        Y += (X * mask).sum(1) / mask.sum(1).clamp(min=1)
    raise ValueError("Could not find fake keys such that for every query q, exp(<q, k>) = 0")


bsz, num_heads, num_kv_heads, head_dim, kv_len = 1, 4, 2, 16, 6
query = torch.randn(bsz, num_heads, 1, head_dim).half()  # decoding step, float16 model
key = torch.randn(bsz, num_kv_heads, kv_len, head_dim).half()
value = torch.randn(bsz, num_kv_heads, kv_len, head_dim).half()
masked_key_indices = (torch.tensor([0, 0]), torch.tensor([0, 1]), torch.tensor([2, 4]))  # AdaKV head-wise pruning

num_groups = num_heads // num_kv_heads
q = query.view(bsz, num_kv_heads, num_groups, 1, head_dim).reshape(bsz * num_kv_heads, num_groups, head_dim)
k = search_hyperplane(q)
k = k.view(bsz, num_kv_heads, head_dim)
batch_indices, head_indices, seq_indices = masked_key_indices
key[batch_indices, head_indices, seq_indices] = k[batch_indices, head_indices]

key_states = key.repeat_interleave(num_groups, dim=1)
value_states = value.repeat_interleave(num_groups, dim=1)
attn_weights = torch.matmul(query, key_states.transpose(2, 3)) * head_dim ** -0.5
attn_weights = torch.softmax(attn_weights.float(), dim=-1).to(query.dtype)
attn_output = torch.matmul(attn_weights, value_states)

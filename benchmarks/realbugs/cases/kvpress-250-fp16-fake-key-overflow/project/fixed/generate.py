import torch

from modeling import Attention

torch.manual_seed(1)
dtype = torch.float16  # model loaded in float16 (no bf16 on this GPU)
attn = Attention().to(dtype)
bsz, kv_len = 1, 6
query = torch.randn(bsz, attn.num_heads, 1, attn.head_dim).to(dtype)  # one decoding step
key_cache = torch.randn(bsz, attn.num_key_value_heads, kv_len, attn.head_dim).to(dtype)
value_cache = torch.randn(bsz, attn.num_key_value_heads, kv_len, attn.head_dim).to(dtype)

# AdaKVPress pruned these (batch, head, position) entries of the cache during prefill
attn.masked_key_indices = (torch.tensor([0, 0]), torch.tensor([0, 1]), torch.tensor([2, 4]))
attn_output, attn_weights = attn(query, key_cache, value_cache)
next_token_logits = attn_output.flatten(2).float().sum(-1)

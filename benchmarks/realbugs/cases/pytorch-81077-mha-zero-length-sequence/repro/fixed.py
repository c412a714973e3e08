# https://github.com/pytorch/pytorch/issues/81077 -- fixed as in the thread (erichan1's comment): every
# sequence length is forced to be at least 1, so no key_padding_mask row masks all keys.
import torch
import torch.nn as nn

torch.manual_seed(0)
batch_size, max_len, embed_dim, n_heads = 6, 8, 16, 4
mha = nn.MultiheadAttention(embed_dim, n_heads, batch_first=True)
lengths = torch.tensor([8, 0, 3, 8, 5, 0])          # the data generator produced empty sequences
x = torch.randn(batch_size, max_len, embed_dim)
lengths = lengths.clamp(min=1)
key_padding_mask = torch.arange(max_len).expand(batch_size, -1) >= lengths.unsqueeze(1)

out, weights = mha(x, x, x, key_padding_mask=key_padding_mask)
loss = out.pow(2).mean()
loss.backward()
grad = mha.in_proj_weight.grad

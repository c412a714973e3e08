# https://github.com/facebookresearch/fairseq/issues/3575 - the encoder layer fills its attn_mask with -1e8, which float16 cannot hold; with a half-precision model masked_fill refuses the value.
import torch
import torch.nn as nn

torch.manual_seed(0)
self_attn = nn.MultiheadAttention(8, 2).half()
x = torch.randn(5, 1, 8).half()
attn_mask = torch.ones(5, 5).triu(1).to(x.dtype)  # 1 = not allowed to attend

attn_mask = attn_mask.masked_fill(attn_mask.to(torch.bool), -1e8)
out, _ = self_attn(x, x, x, attn_mask=attn_mask)
loss = out.float().pow(2).mean()
loss.backward()
print(loss.item())

# https://github.com/facebookresearch/fairseq/issues/3575 - fix adopted in fairseq: fill the mask with -1e4 when the activations are not float32.
import torch
import torch.nn as nn

torch.manual_seed(0)
self_attn = nn.MultiheadAttention(8, 2).half()
x = torch.randn(5, 1, 8).half()
attn_mask = torch.ones(5, 5).triu(1).to(x.dtype)  # 1 = not allowed to attend

attn_mask = attn_mask.masked_fill(attn_mask.to(torch.bool), -1e8 if x.dtype == torch.float32 else -1e4)
out, _ = self_attn(x, x, x, attn_mask=attn_mask)
loss = out.float().pow(2).mean()
loss.backward()
print(loss.item())

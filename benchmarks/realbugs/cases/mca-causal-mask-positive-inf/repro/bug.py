import torch
import torch.nn.functional as F

torch.manual_seed(0)
b, n, d = 2, 6, 8
q = torch.randn(b, n, d, requires_grad=True)
k = torch.randn(b, n, d)
v = torch.randn(b, n, d)

dots = torch.einsum('bid,bjd->bij', q, k) * d ** -0.5
mask = torch.ones(n, n).triu_(1).bool()
mask_value = -float('-inf')
dots = dots.masked_fill(mask[None], mask_value)
attn = dots.softmax(dim=-1)
out = torch.einsum('bij,bjd->bid', attn, v)
loss = out.pow(2).mean()
loss.backward()

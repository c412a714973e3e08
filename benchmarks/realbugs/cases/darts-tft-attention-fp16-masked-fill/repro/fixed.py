import torch
import torch.nn as nn

torch.manual_seed(0)
softmax = nn.Softmax(dim=2)

q = torch.randn(2, 5, 4).half()
k = torch.randn(2, 5, 4).half()
v = torch.randn(2, 5, 4).half()
mask = torch.triu(torch.ones(5, 5, dtype=torch.bool), diagonal=1).unsqueeze(0).expand(2, 5, 5)

attn = torch.bmm(q, k.permute(0, 2, 1))
attn = attn / torch.sqrt(torch.tensor(k.shape[-1], dtype=attn.dtype))
attn = attn.masked_fill(mask, torch.finfo(attn.dtype).min)
attn = softmax(attn)
out = torch.bmm(attn, v)
print(out.float().abs().mean().item())

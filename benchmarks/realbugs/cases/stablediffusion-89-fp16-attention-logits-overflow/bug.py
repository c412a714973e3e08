import torch
from torch import einsum

torch.manual_seed(0)

heads, dim_head = 2, 64
scale = dim_head ** -0.5
x = (torch.randn(2, 16, heads * dim_head) * 12).half()
to_q = torch.nn.Linear(heads * dim_head, heads * dim_head, bias=False).half()
to_k = torch.nn.Linear(heads * dim_head, heads * dim_head, bias=False).half()
with torch.no_grad():
    to_q.weight.copy_(torch.eye(heads * dim_head).half() * 4)
    to_k.weight.copy_(torch.eye(heads * dim_head).half() * 4)
q = to_q(x).reshape(2, 16, heads, dim_head).permute(0, 2, 1, 3).reshape(2 * heads, 16, dim_head)
k = to_k(x).reshape(2, 16, heads, dim_head).permute(0, 2, 1, 3).reshape(2 * heads, 16, dim_head)
v = x.reshape(2, 16, heads, dim_head).permute(0, 2, 1, 3).reshape(2 * heads, 16, dim_head)
sim = einsum('b i d, b j d -> b i j', q, k) * scale
attn = sim.softmax(dim=-1)
out = einsum('b i j, b j d -> b i d', attn, v)
print(sim.isinf().any(), out.isnan().any())

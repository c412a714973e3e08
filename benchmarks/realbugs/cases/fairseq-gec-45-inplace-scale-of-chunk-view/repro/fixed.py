# kanyun-inc/fairseq-gec#45, fixed as the thread says: q = q * self.scaling (out of place).
import torch
import torch.nn.functional as F

torch.manual_seed(0)
embed_dim, num_heads = 16, 4
scaling = (embed_dim // num_heads) ** -0.5
in_proj_weight = torch.nn.Parameter(torch.randn(3 * embed_dim, embed_dim) * 0.1)
in_proj_bias = torch.nn.Parameter(torch.zeros(3 * embed_dim))

query = torch.randn(5, 2, embed_dim)
q, k, v = F.linear(query, in_proj_weight, in_proj_bias).chunk(3, dim=-1)
q = q * scaling
attn_weights = torch.softmax(torch.einsum("tbc,sbc->bts", q, k), dim=-1)
attn = torch.einsum("bts,sbc->tbc", attn_weights, v)
loss = attn.pow(2).mean()
loss.backward()
grad = in_proj_weight.grad

import torch
import torch.nn as nn

torch.manual_seed(0)

num_queries, hw, dim, heads = 4, 16, 8, 2
cross_attn = nn.MultiheadAttention(dim, heads)
query = torch.randn(num_queries, 1, dim)
memory = torch.randn(hw, 1, dim)
outputs_mask = torch.randn(1, num_queries, hw)
outputs_mask[0, 2] = -5.0
attn_mask = (outputs_mask.sigmoid().unsqueeze(1).repeat(1, heads, 1, 1).flatten(0, 1) < 0.5).bool()
output, _ = cross_attn(query, memory, memory, attn_mask=attn_mask)
print(output.isnan().any())

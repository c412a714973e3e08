import torch

from ring_flash_attn import ring_flash_attn_forward

torch.manual_seed(0)
world_size, batch, seqlen_per_rank, heads, dim = 3, 1, 8, 2, 16
q = torch.randn(batch, seqlen_per_rank, heads, dim)
k_blocks = [torch.randn(batch, seqlen_per_rank, heads, dim) for _ in range(world_size)]
v_blocks = [torch.randn(batch, seqlen_per_rank, heads, dim) for _ in range(world_size)]
# an attention-sink token in the second rank's block: keys aligned with the queries and very large
k_blocks[1][:, 0] = q.mean(dim=1) * 120.0
out, lse = ring_flash_attn_forward(q, k_blocks, v_blocks, softmax_scale=dim ** -0.5)

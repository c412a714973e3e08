# fixed as in ring-flash-attention#30: new_lse = lse - F.logsigmoid(lse - block_lse).
# zhuzilin/ring-flash-attention#30: merging the per-block results of ring attention updates the log-sum-exp as
# lse + log(1 + exp(block_lse - lse)); when a later KV block carries much larger scores (an attention sink),
# block_lse - lse > 88 and exp overflows float32: new_lse = inf, and the next merge computes exp(inf - inf) = NaN.
import torch

torch.manual_seed(0)
q = torch.randn(1, 8, 2, 16)
k_blocks = [torch.randn(1, 8, 2, 16) for _ in range(3)]
v_blocks = [torch.randn(1, 8, 2, 16) for _ in range(3)]
k_blocks[1][:, 0] = q.mean(dim=1) * 120.0  # attention-sink key on the second rank
softmax_scale = 16 ** -0.5

out, lse = None, None
for k, v in zip(k_blocks, v_blocks):
    scores = torch.einsum("bqhd,bkhd->bhqk", q, k) * softmax_scale
    block_lse = torch.logsumexp(scores, dim=-1)
    block_out = torch.einsum("bhqk,bkhd->bqhd", torch.exp(scores - block_lse[..., None]), v)
    block_lse = block_lse.transpose(-2, -1).unsqueeze(dim=-1)
    if out is None:
        out, lse = block_out, block_lse
        continue
    new_lse = lse - torch.nn.functional.logsigmoid(lse - block_lse)
    out = torch.exp(lse - new_lse) * out + torch.exp(block_lse - new_lse) * block_out
    lse = new_lse

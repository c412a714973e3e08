# Fixed as the review suggests: shift the masked logits (-inf for masked edges), so exp() gives 0 there.
# Masked segment softmax: the max is taken over the unmasked logits only, but the shift is applied to
# the raw logits, so a masked edge whose logit exceeds its segment's max by ~90 overflows exp() to inf,
# and `ex * mask` turns inf * 0 into nan for the whole segment.
import torch

torch.manual_seed(0)

num_segments = 2
segment_ids = torch.tensor([0, 0, 0, 1, 1])
mask = torch.tensor([True, True, False, True, True])
data = torch.tensor([0.3, -1.2, 150.0, 0.8, 0.1], requires_grad=True)  # edge 2 is masked, its logit large

data_for_max = torch.where(mask, data, torch.full_like(data, float("-inf")))
seg_max = torch.full((num_segments,), float("-inf")).scatter_reduce(0, segment_ids, data_for_max, reduce="amax", include_self=True)
seg_max = torch.where(torch.isinf(seg_max), torch.zeros_like(seg_max), seg_max)
shifted = data_for_max - seg_max[segment_ids]
ex = torch.exp(shifted)
ex = ex * mask.to(ex.dtype)
denom = torch.zeros(num_segments).index_add(0, segment_ids, ex)
denom_e = denom[segment_ids]
safe = torch.where(denom_e > 0, denom_e, torch.ones_like(denom_e))
attn = ex / safe
loss = (attn * torch.arange(5.0)).sum()
loss.backward()

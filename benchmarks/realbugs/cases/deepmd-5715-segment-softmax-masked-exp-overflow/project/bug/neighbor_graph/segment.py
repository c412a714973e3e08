import torch


def segment_sum(data, segment_ids, num_segments):
    out = torch.zeros((num_segments,) + data.shape[1:], dtype=data.dtype)
    return out.index_add(0, segment_ids, data)


def segment_max(data, segment_ids, num_segments):
    out = torch.full((num_segments,) + data.shape[1:], float("-inf"), dtype=data.dtype)
    index = segment_ids.view(-1, *([1] * (data.dim() - 1))).expand_as(data)
    return out.scatter_reduce(0, index, data, reduce="amax", include_self=True)


def segment_softmax(data, segment_ids, num_segments, mask=None):
    """Softmax of edge logits over the edges of each segment (the neighbors of one atom)."""
    if mask is not None:
        data_for_max = torch.where(mask, data, torch.full_like(data, float("-inf")))
    else:
        data_for_max = data
    seg_max = segment_max(data_for_max, segment_ids, num_segments)
    # guard -inf (empty / fully-masked segments) so gather doesn't yield inf-inf
    seg_max = torch.where(torch.isinf(seg_max), torch.zeros_like(seg_max), seg_max)
    shifted = data - seg_max[segment_ids]
    ex = torch.exp(shifted)
    if mask is not None:
        ex = ex * mask.to(ex.dtype)
    denom = segment_sum(ex, segment_ids, num_segments)
    denom_e = denom[segment_ids]
    safe = torch.where(denom_e > 0, denom_e, torch.ones_like(denom_e))
    return ex / safe

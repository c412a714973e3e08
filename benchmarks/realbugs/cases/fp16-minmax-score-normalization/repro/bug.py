# https://github.com/lightonai/pylate/issues/239 - under float16 autocast the 1e-8 guard of the min-max score normalisation rounds to 0, so a group of equal scores divides 0 by 0.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
encoder = nn.Linear(16, 8)
query_tokens = torch.randn(1, 4, 16)
passage = torch.randn(1, 6, 16)
doc_tokens = passage.repeat(4, 1, 1)  # the same passage four times in the group
labels = torch.tensor([[0.7, 0.1, 0.1, 0.1]])

with torch.autocast("cpu", dtype=torch.float16):
    q = F.normalize(encoder(query_tokens), p=2, dim=-1)
    d = F.normalize(encoder(doc_tokens), p=2, dim=-1).view(1, 4, 6, 8)
    scores = torch.einsum("bqh,bndh->bnqd", q, d).max(-1).values.sum(-1)
    max_scores = scores.max(dim=1, keepdim=True).values
    min_scores = scores.min(dim=1, keepdim=True).values
    scores = (scores - min_scores) / (max_scores - min_scores + 1e-8)
    loss = nn.KLDivLoss(reduction="batchmean", log_target=True)(
        F.log_softmax(scores, dim=-1), F.log_softmax(labels, dim=-1)
    )
loss.backward()
grad = encoder.weight.grad
print(scores.dtype, scores, loss.item())

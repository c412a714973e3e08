# https://github.com/fastino-ai/GLiNER2/pull/155 - fix from the PR: a dtype-aware epsilon, max(1e-6, finfo(dtype).eps), so the clamp below 1.0 survives in bfloat16.
import torch
import torch.nn as nn

torch.manual_seed(0)
scorer = nn.Linear(8, 1).to(torch.bfloat16)
span_feats = torch.randn(1, 2, 6, 8).to(torch.bfloat16)
span_feats[0, 0, 1] = scorer.weight.detach()[0] * 200  # a span the scorer is sure about
indices = torch.randint(0, 5, (1, 2, 6, 2))
valid_mask = torch.ones(1, 2, 6, dtype=torch.bool)
start_logits = torch.randn(1, 2, 5).to(torch.bfloat16)

pair_logits = scorer(span_feats).squeeze(-1)
probabilities = torch.sigmoid(pair_logits) * valid_mask.to(pair_logits.dtype)
eps = max(1e-6, torch.finfo(probabilities.dtype).eps)
log_survival = torch.log1p(-probabilities.clamp(max=1.0 - eps))
total = torch.zeros(1, 2, 5, dtype=log_survival.dtype)
total.scatter_add_(2, indices[..., 0], log_survival)
predicted = 1.0 - torch.exp(total)
loss = ((predicted - torch.sigmoid(start_logits)) ** 2).mean()
loss.backward()
grad = scorer.weight.grad
print(probabilities.max().item(), loss.item(), grad)

# HKUDS/SSLRec#11, fixed by keeping the sampled target positive (the issue rewrites this sampling line
# so the target has no non-positive entry): here a clamp to a small positive value.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
n_items, emb_size = 64, 16
weight_mean, kl_weight = 0.1, 1e-2
item_emb = nn.Embedding(n_items, emb_size)
weight_head = nn.Linear(emb_size, 1)

mainstream_weights = weight_head(item_emb.weight).squeeze(-1)
expected_weights_distribution = torch.normal(weight_mean, 0.1, size=mainstream_weights.size()).clamp(min=1e-8).sort()[0]
kl_loss = kl_weight * F.kl_div(F.log_softmax(mainstream_weights, dim=0).sort()[0], expected_weights_distribution, reduction="batchmean")
kl_loss.backward()
grad = weight_head.weight.grad

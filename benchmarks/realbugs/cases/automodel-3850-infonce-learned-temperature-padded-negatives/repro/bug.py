# NVIDIA-NeMo/Automodel#3850: InfoNCE sets padded hard-negative logits to -inf and then divides all logits by a
# learned temperature; the loss is finite but the division's backward for the temperature computes
# -grad * (-inf) / tau^2 with grad = 0 at the padded columns: 0 * inf = NaN in log_inv_tau.grad.
import math

import torch
import torch.nn.functional as F

torch.manual_seed(0)
batch, k, hidden = 4, 3, 16
log_inv_tau = torch.tensor(math.log(1.0 / 0.05), requires_grad=True)
queries = torch.randn(batch, hidden, requires_grad=True)
documents = torch.randn(batch, hidden)
hard_negatives = torch.randn(batch, k, hidden)
hard_negatives_mask = torch.tensor([[1, 1, 1], [1, 1, 1], [1, 0, 0], [1, 0, 0]])  # ragged: padded negatives

temperature = torch.exp(-log_inv_tau)
q = F.normalize(queries, dim=-1)
d = F.normalize(documents, dim=-1)
n = F.normalize(hard_negatives, dim=-1)
logits = q @ d.T
sim_qn = torch.einsum("bd,bkd->bk", q, n)
pad = hard_negatives_mask.to(sim_qn.dtype) == 0
sim_qn = sim_qn.masked_fill(pad, float("-inf"))
logits = torch.cat([logits, sim_qn], dim=-1)
logits = logits / temperature
loss = F.cross_entropy(logits, torch.arange(batch))
loss.backward()
tau_grad = log_inv_tau.grad

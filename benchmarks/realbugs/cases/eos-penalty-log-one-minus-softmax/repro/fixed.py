# https://foreai.co/blog/nans-out-of-nowhere-the-trick-that-saved-my-training-run - fix from the post: compute log(1 - softmax(z)[eos]) in log space as logsumexp(z without eos) - logsumexp(z), and log p_eos with log_softmax.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
EOS = 9
lm_head = nn.Linear(8, 10)
hidden = torch.randn(4, 8)
hidden[0] = lm_head.weight[EOS].detach() * 400.0  # a state where the model is sure it should stop
targets = torch.tensor([3, 5, 1, 7])
is_positive = torch.tensor([True, True, False, False])

logits = lm_head(hidden)
log_z = torch.logsumexp(logits, dim=-1)
log_not_eos = torch.logsumexp(torch.cat([logits[:, :EOS], logits[:, EOS + 1:]], dim=-1), dim=-1) - log_z
log_p_eos = logits[:, EOS] - log_z
pos_penalty = -log_not_eos[is_positive].mean()
neg_penalty = -log_p_eos[~is_positive].mean()
loss = F.cross_entropy(logits, targets) + 0.5 * pos_penalty + 0.5 * neg_penalty
loss.backward()
grad = lm_head.weight.grad
print(log_p_eos.exp(), loss.item())

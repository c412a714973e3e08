# https://foreai.co/blog/nans-out-of-nowhere-the-trick-that-saved-my-training-run - the EOS penalty log(1 - softmax(z)[eos]) is log(0) once the model puts all its mass on EOS; the loss is inf and the gradient NaN.
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
probs = F.softmax(logits, dim=-1)
p_eos = probs[:, EOS]
pos_penalty = -torch.log(1.0 - p_eos[is_positive]).mean()
neg_penalty = -torch.log(p_eos[~is_positive]).mean()
loss = F.cross_entropy(logits, targets) + 0.5 * pos_penalty + 0.5 * neg_penalty
loss.backward()
grad = lm_head.weight.grad
print(p_eos, loss.item())

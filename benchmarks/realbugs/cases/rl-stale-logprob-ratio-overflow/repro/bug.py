# https://github.com/PrimeIntellect-ai/prime-rl/pull/2084 - a stale inference logprob makes trainer - inference ~ 99, exp() overflows to inf, and masking the token by multiplying with keep_mask gives 0 * inf = NaN.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
policy = nn.Linear(8, 10)
hidden = torch.randn(6, 8)
tokens = torch.randint(0, 10, (6,))
inference_logprobs = torch.full((6,), -2.0)
inference_logprobs[3] = -100.0  # stale logprob served by the inference engine
advantages = torch.tensor([0.5, 0.5, 0.5, 0.0, -0.5, -0.5])
loss_mask = torch.ones(6)

trainer_logprobs = F.log_softmax(policy(hidden), dim=-1).gather(1, tokens[:, None]).squeeze(1)
log_ratio = trainer_logprobs - inference_logprobs
importance_ratio = torch.exp(log_ratio)
keep_mask = (log_ratio.abs() < 10.0).float()
pg_loss = keep_mask * advantages * importance_ratio
loss = -(pg_loss * loss_mask).sum() / loss_mask.sum()
loss.backward()
grad = policy.weight.grad
print(importance_ratio, loss.item())

# https://github.com/PrimeIntellect-ai/prime-rl/pull/2084 - fix from the PR (select with torch.where instead of multiplying by the mask) plus the standard clamp of the log-ratio before exp(), without which the where still backpropagates 0 * inf.
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
importance_ratio = torch.exp(log_ratio.clamp(-20.0, 20.0))
keep_mask = log_ratio.abs() < 10.0
pg_loss = torch.where(keep_mask, advantages * importance_ratio, torch.zeros_like(importance_ratio))
loss = -(pg_loss * loss_mask).sum() / loss_mask.sum()
loss.backward()
grad = policy.weight.grad
print(importance_ratio, loss.item())

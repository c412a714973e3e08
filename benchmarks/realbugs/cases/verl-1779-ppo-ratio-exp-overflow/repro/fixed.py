# https://github.com/verl-project/verl/pull/1779 -- fixed as in the pull request: negative_approx_kl is clamped
# to [-10, 10] before the exponential.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
vocab, hidden, T = 20, 8, 5
policy = nn.Linear(hidden, vocab)
states = torch.randn(2, T, hidden)
responses = torch.randint(0, vocab, (2, T))
old_log_prob = torch.full((2, T), -3.0)
old_log_prob[1, 2] = -100.0                        # rollout-engine / trainer mismatch on one sampled token
advantages = torch.tensor([[0.8] * T, [0.0] * T])   # sequence 1: its GRPO group had identical rewards
response_mask = torch.ones(2, T)
cliprange = 0.2

log_prob = torch.gather(F.log_softmax(policy(states), -1), 2, responses.unsqueeze(-1)).squeeze(-1)
negative_approx_kl = log_prob - old_log_prob
negative_approx_kl = torch.clamp(negative_approx_kl, min=-10.0, max=10.0)
ratio = torch.exp(negative_approx_kl)
pg_losses = -advantages * ratio
pg_losses2 = -advantages * torch.clamp(ratio, 1.0 - cliprange, 1.0 + cliprange)
pg_loss = (torch.maximum(pg_losses, pg_losses2) * response_mask).sum() / response_mask.sum()
pg_loss.backward()
grad = policy.weight.grad

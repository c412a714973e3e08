from types import SimpleNamespace

import torch

from loss_hub.policy_loss import policy_loss_function

torch.manual_seed(0)
args = SimpleNamespace(eps_clip=0.2, eps_clip_high=0.28, eps_clip_c=3.0, n_samples_per_prompt=4)
vocab, hidden, T = 50, 16, 6
policy = torch.nn.Sequential(torch.nn.Embedding(vocab, hidden), torch.nn.Linear(hidden, vocab))
optimizer = torch.optim.AdamW(policy.parameters(), lr=1e-6)

tokens = torch.randint(0, vocab, (4, T + 1))
# log-probs returned by the rollout engine; one long-context sample has a token the sampler scored at -1e4
with torch.no_grad():
    old_log_probs = torch.log_softmax(policy(tokens[:, :-1]), -1).gather(-1, tokens[:, 1:, None]).squeeze(-1)
old_log_probs[2, 4] = -1e4

# GRPO advantages: rewards normalised within the group of samples of one prompt
rewards = torch.tensor([1.0, 1.0, 1.0, 1.0])  # every sample of the prompt solved it
group = rewards.view(-1, args.n_samples_per_prompt)
adv = (group - group.mean(-1, keepdim=True)) / (group.std(-1, keepdim=True) + 1e-6)
advantages = adv.view(-1, 1).expand(-1, T)
loss_masks = torch.ones(4, T)

log_probs = torch.log_softmax(policy(tokens[:, :-1]), -1).gather(-1, tokens[:, 1:, None]).squeeze(-1)
pg_loss, metrics = policy_loss_function(args, log_probs, old_log_probs, advantages, loss_masks)
optimizer.zero_grad()
pg_loss.backward()
optimizer.step()

# https://github.com/entity-neural-network/incubator/issues/186 - an actor whose action mask allows nothing gets an all -inf logit row; Categorical normalises it to NaN and its argument validation raises.
import torch
import torch.nn as nn
from torch.distributions.categorical import Categorical

torch.manual_seed(0)
proj = nn.Linear(8, 4)
actor_embeds = torch.randn(3, 8)
mask = torch.tensor([[1, 1, 0, 1], [0, 0, 0, 0], [1, 0, 0, 0]])  # actor 1 cannot act this step

logits = proj(actor_embeds)
logits = logits.masked_fill(mask == 0, -float("inf"))
dist = Categorical(logits=logits)
action = dist.sample()
logprob = dist.log_prob(action)
entropy = dist.entropy()
loss = -(logprob + 0.01 * entropy).mean()
loss.backward()
print(action, loss.item())

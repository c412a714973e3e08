import torch
import torch.nn as nn
from torch.distributions import Categorical, kl_divergence

torch.manual_seed(0)
kl_coeff, vf_loss_coeff, entropy_coeff, clip_param = 0.0, 1.0, 0.0, 0.3

# a policy trained for a long time: one action's logit sits far below the others
policy_head = nn.Linear(4, 5)
with torch.no_grad():
    policy_head.weight.zero_()
    policy_head.bias.copy_(torch.tensor([-86.197, -5.939, -0.0026379, -53.358, -105.7]))
optimizer = torch.optim.Adam(policy_head.parameters(), lr=5e-5)

obs = torch.randn(1, 4)
actions = torch.tensor([2])
prev_logits = torch.tensor([[-84.742, -7.2213, -0.00073051, -51.313, -103.49]])
prev_logp = Categorical(logits=prev_logits).log_prob(actions)
advantages = torch.tensor([0.5])
vf_loss = torch.tensor([0.1])

curr_action_dist = Categorical(logits=policy_head(obs))
prev_action_dist = Categorical(logits=prev_logits)
logp_ratio = torch.exp(curr_action_dist.log_prob(actions) - prev_logp)
action_kl = kl_divergence(prev_action_dist, curr_action_dist)
surrogate_loss = torch.min(advantages * logp_ratio,
                           advantages * torch.clamp(logp_ratio, 1 - clip_param, 1 + clip_param))
curr_entropy = curr_action_dist.entropy()
total_loss = torch.mean(-surrogate_loss + kl_coeff * action_kl
                        + vf_loss_coeff * vf_loss - entropy_coeff * curr_entropy)
optimizer.zero_grad()
total_loss.backward()
optimizer.step()
print(action_kl, total_loss)

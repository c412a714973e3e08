# jolibrain/wheatley#93 fixed: skip advantage normalization when the minibatch has a single sample (the PR).
import torch
import torch.nn as nn

torch.manual_seed(0)


class Agent(nn.Module):
    def __init__(self):
        super().__init__()
        self.actor = nn.Linear(6, 3)
        self.critic = nn.Linear(6, 1)


agent = Agent()
optimizer = torch.optim.Adam(agent.parameters(), lr=2.5e-4, eps=1e-5)
norm_adv, clip_coef, ent_coef, vf_coef = True, 0.2, 0.01, 0.5
batch_size, minibatch_size = 7, 3  # 7 = 3 + 3 + 1
b_obs = torch.randn(batch_size, 6)
b_actions = torch.randint(0, 3, (batch_size,))
b_logprobs = torch.distributions.Categorical(logits=agent.actor(b_obs)).log_prob(b_actions).detach()
b_advantages = torch.randn(batch_size)
b_returns = torch.randn(batch_size)

b_inds = torch.randperm(batch_size)
for start in range(0, batch_size, minibatch_size):
    mb_inds = b_inds[start:start + minibatch_size]
    dist = torch.distributions.Categorical(logits=agent.actor(b_obs[mb_inds]))
    newlogprob, entropy = dist.log_prob(b_actions[mb_inds]), dist.entropy()
    ratio = (newlogprob - b_logprobs[mb_inds]).exp()
    mb_advantages = b_advantages[mb_inds]
    if norm_adv and len(mb_inds) > 1:
        mb_advantages = (mb_advantages - mb_advantages.mean()) / (mb_advantages.std() + 1e-8)
    pg_loss1 = -mb_advantages * ratio
    pg_loss2 = -mb_advantages * torch.clamp(ratio, 1 - clip_coef, 1 + clip_coef)
    pg_loss = torch.max(pg_loss1, pg_loss2).mean()
    v_loss = 0.5 * ((agent.critic(b_obs[mb_inds]).squeeze(-1) - b_returns[mb_inds]) ** 2).mean()
    loss = pg_loss - ent_coef * entropy.mean() + v_loss * vf_coef
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()

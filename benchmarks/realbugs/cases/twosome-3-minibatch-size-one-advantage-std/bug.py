# WeihaoTan/TWOSOME#3: "minibatch_size=1 on policy make an NAN training results?".
# With policy_num_minibatches == num_envs * num_steps the policy minibatch holds one sample,
# and the PPO update normalises its advantages with mb_advantages.std(): the (unbiased) std of
# a single element is NaN, so the policy loss, the clipped gradients and, after the step, the
# actor's weights are NaN - the next get_action_and_value returns NaN.
from argparse import Namespace

import torch
import torch.nn as nn
import torch.nn.functional as F


class Agent(nn.Module):
    def __init__(self, obs_dim=8, n_actions=4, hidden=32):
        super().__init__()
        self.actor = nn.Sequential(nn.Linear(obs_dim, hidden), nn.Tanh(), nn.Linear(hidden, n_actions))
        self.critic = nn.Sequential(nn.Linear(obs_dim, hidden), nn.Tanh(), nn.Linear(hidden, 1))

    def get_action_and_value(self, obs, action=None):
        log_probs = F.log_softmax(self.actor(obs), dim=-1)  # as the LLM agent scores its action prompts
        if action is None:
            action = torch.multinomial(log_probs.exp(), 1).squeeze(-1)
        entropy = -(log_probs.exp() * log_probs).sum(-1)
        return action, log_probs.gather(-1, action[:, None]).squeeze(-1), entropy, self.critic(obs)


args = Namespace(num_envs=1, num_steps=8, policy_num_minibatches=8, update_epochs=1, norm_adv=True,
                 clip_coef=0.2, ent_coef=0.01, max_grad_norm=0.5, policy_learning_rate=1e-4)
args.batch_size = args.num_envs * args.num_steps
args.policy_minibatch_size = int(args.batch_size // args.policy_num_minibatches)

torch.manual_seed(0)
agent = Agent()
policy_optimizer = torch.optim.Adam(agent.actor.parameters(), lr=args.policy_learning_rate, eps=1e-5)
b_obs = torch.randn(args.batch_size, 8)
with torch.no_grad():
    b_actions, b_logprobs, _, _ = agent.get_action_and_value(b_obs)
b_advantages = torch.randn(args.batch_size)

b_inds = torch.randperm(args.batch_size)
for start in range(0, args.batch_size, args.policy_minibatch_size):
    mb_inds = b_inds[start:start + args.policy_minibatch_size]
    _, newlogprob, entropy, _ = agent.get_action_and_value(b_obs[mb_inds], b_actions[mb_inds])
    ratio = (newlogprob - b_logprobs[mb_inds]).exp()
    mb_advantages = b_advantages[mb_inds]
    if args.norm_adv:
        mb_advantages = (mb_advantages - mb_advantages.mean()) / (mb_advantages.std() + 1e-8)
    pg_loss1 = -mb_advantages * ratio
    pg_loss2 = -mb_advantages * torch.clamp(ratio, 1 - args.clip_coef, 1 + args.clip_coef)
    pg_loss = torch.max(pg_loss1, pg_loss2).mean()
    loss = pg_loss - args.ent_coef * entropy.mean()
    policy_optimizer.zero_grad()
    loss.backward()
    nn.utils.clip_grad_norm_(agent.parameters(), args.max_grad_norm)
    policy_optimizer.step()

with torch.no_grad():
    _, next_logprob, _, _ = agent.get_action_and_value(torch.randn(1, 8), torch.tensor([0]))

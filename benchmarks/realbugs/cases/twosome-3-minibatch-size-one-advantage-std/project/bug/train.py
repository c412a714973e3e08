"""Collect a rollout, compute GAE advantages and update the policy (one sample per minibatch)."""
from argparse import Namespace

import torch

from agent import LLMAgent
from ppo import update_policy

args = Namespace(num_envs=1, num_steps=8, policy_num_minibatches=8, update_epochs=1, norm_adv=True,
                 gamma=0.99, gae_lambda=0.95, clip_coef=0.2, ent_coef=0.01, max_grad_norm=0.5,
                 policy_learning_rate=1e-4)
args.batch_size = int(args.num_envs * args.num_steps)
args.policy_minibatch_size = int(args.batch_size // args.policy_num_minibatches)

torch.manual_seed(0)
agent = LLMAgent()
policy_optimizer = torch.optim.Adam(agent.actor.parameters(), lr=args.policy_learning_rate, eps=1e-5)

obs = torch.randn(args.num_steps, 8)
rewards = torch.randn(args.num_steps)
dones = torch.zeros(args.num_steps)
with torch.no_grad():
    actions, logprobs, _, values = agent.get_action_and_value(obs)
    values = values.squeeze(-1)
    advantages = torch.zeros(args.num_steps)
    lastgaelam = 0.0
    for t in reversed(range(args.num_steps)):
        next_value = values[t + 1] if t + 1 < args.num_steps else 0.0
        delta = rewards[t] + args.gamma * next_value * (1 - dones[t]) - values[t]
        advantages[t] = lastgaelam = delta + args.gamma * args.gae_lambda * (1 - dones[t]) * lastgaelam

policy_loss, clipfracs = update_policy(agent, policy_optimizer, args, obs, actions, logprobs, advantages)
with torch.no_grad():
    _, next_logprob, _, _ = agent.get_action_and_value(torch.randn(1, 8), torch.tensor([0]))

import torch
from torch.distributions import Categorical

eps = 1e-8


def select_action(policy, obs):
    probs = policy(obs)
    m = Categorical(probs)
    action = m.sample()
    policy.saved_log_probs.append(m.log_prob(action))
    return action.item()


def discounted_returns(rewards, gamma):
    R = 0.0
    returns = []
    for r in rewards[::-1]:
        R = r + gamma * R
        returns.insert(0, R)
    return torch.tensor(returns)


def finish_episode(policy, optimizer, gamma=0.99):
    returns = discounted_returns(policy.rewards, gamma)
    returns = (returns - returns.mean()) / (returns.std() + eps)
    policy_loss = [-log_prob * R for log_prob, R in zip(policy.saved_log_probs, returns)]
    optimizer.zero_grad()
    loss = torch.cat(policy_loss).sum()
    loss.backward()
    optimizer.step()
    del policy.rewards[:]
    del policy.saved_log_probs[:]
    return loss

import torch


class PPO:
    def __init__(self, policy, clip_param=0.2, learning_rate=1e-3):
        self.policy = policy
        self.clip_param = clip_param
        self.optimizer = torch.optim.Adam(policy.parameters(), lr=learning_rate)

    def act(self, obs):
        actions = self.policy.act(obs).detach()
        old_log_prob = self.policy.get_actions_log_prob(actions).detach()
        return actions, old_log_prob

    def update(self, obs, actions, old_log_prob, advantages):
        self.policy.update_distribution(obs)
        log_prob = self.policy.get_actions_log_prob(actions)
        ratio = torch.exp(log_prob - old_log_prob)
        surrogate = -advantages * ratio
        surrogate_clipped = -advantages * torch.clamp(ratio, 1.0 - self.clip_param, 1.0 + self.clip_param)
        loss = torch.max(surrogate, surrogate_clipped).mean()
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        return loss

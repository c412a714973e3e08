import torch

from buffers import RolloutBuffer
from policies import ActorCriticPolicy


class PPO:
    def __init__(self, obs_dim, n_actions, n_steps=2048, batch_size=64, clip_range=0.2, normalize_advantage=True):
        self.policy = ActorCriticPolicy(obs_dim, n_actions)
        self.optimizer = torch.optim.Adam(self.policy.parameters(), lr=3e-4)
        self.n_steps = n_steps
        self.batch_size = batch_size
        self.clip_range = clip_range
        self.normalize_advantage = normalize_advantage
        self.rollout_buffer = RolloutBuffer(n_steps, obs_dim)
        self.policy_loss = None

    def collect_rollouts(self, observations, advantages):
        with torch.no_grad():
            dist = self.policy.get_distribution(observations)
            actions = torch.randint(0, 2, (self.n_steps,))
            log_probs = dist.log_prob(actions)
        for step in range(self.n_steps):
            self.rollout_buffer.add(observations[step], actions[step], log_probs[step], advantages[step])

    def train(self):
        for obs, actions, old_log_prob, advantages in self.rollout_buffer.get(self.batch_size):
            log_prob = self.policy.evaluate_actions(obs, actions)
            if self.normalize_advantage and len(advantages) > 1:
                advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
            ratio = torch.exp(log_prob - old_log_prob)
            policy_loss_1 = advantages * ratio
            policy_loss_2 = advantages * torch.clamp(ratio, 1 - self.clip_range, 1 + self.clip_range)
            policy_loss = -torch.min(policy_loss_1, policy_loss_2).mean()
            self.optimizer.zero_grad()
            policy_loss.backward()
            self.optimizer.step()
            self.policy_loss = policy_loss

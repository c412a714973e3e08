import torch
import torch.nn as nn


class SACTrainer:
    def __init__(self, policy, qf1, qf2, target_qf1, target_qf2, discount=0.99, alpha=0.2,
                 policy_lr=3e-4, qf_lr=3e-4):
        self.policy, self.qf1, self.qf2 = policy, qf1, qf2
        self.target_qf1, self.target_qf2 = target_qf1, target_qf2
        self.discount, self.alpha = discount, alpha
        self.qf_criterion = nn.MSELoss()
        self.policy_optimizer = torch.optim.Adam(policy.parameters(), lr=policy_lr)
        self.qf1_optimizer = torch.optim.Adam(qf1.parameters(), lr=qf_lr)
        self.qf2_optimizer = torch.optim.Adam(qf2.parameters(), lr=qf_lr)

    def train_from_torch(self, batch):
        rewards, terminals = batch["rewards"], batch["terminals"]
        obs, actions, next_obs = batch["observations"], batch["actions"], batch["next_observations"]

        """Policy and Alpha Loss"""
        new_obs_actions, policy_mean, policy_log_std, log_pi = self.policy(obs)
        q_new_actions = torch.min(self.qf1(obs, new_obs_actions), self.qf2(obs, new_obs_actions))
        policy_loss = (self.alpha * log_pi - q_new_actions).mean()

        """QF Loss"""
        q1_pred = self.qf1(obs, actions)
        q2_pred = self.qf2(obs, actions)
        with torch.no_grad():
            new_next_actions, _, _, new_log_pi = self.policy(next_obs)
            target_q_values = torch.min(self.target_qf1(next_obs, new_next_actions),
                                        self.target_qf2(next_obs, new_next_actions)) - self.alpha * new_log_pi
            q_target = rewards + (1.0 - terminals) * self.discount * target_q_values
        qf1_loss = self.qf_criterion(q1_pred, q_target)
        qf2_loss = self.qf_criterion(q2_pred, q_target)

        """Update networks"""
        self.qf1_optimizer.zero_grad()
        qf1_loss.backward()
        self.qf1_optimizer.step()

        self.qf2_optimizer.zero_grad()
        qf2_loss.backward()
        self.qf2_optimizer.step()

        self.policy_optimizer.zero_grad()
        policy_loss.backward()
        self.policy_optimizer.step()
        return {"policy_loss": policy_loss.item(), "qf1_loss": qf1_loss.item()}

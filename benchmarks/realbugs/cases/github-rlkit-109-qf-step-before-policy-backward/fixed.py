# rlkit PR #109 fixed: the policy is optimized before the critics, so policy_loss.backward() sees qf1/qf2 unchanged.
import torch
import torch.nn as nn

torch.manual_seed(0)
obs_dim, act_dim = 6, 2


def mlp(i, o):
    return nn.Sequential(nn.Linear(i, 32), nn.ReLU(), nn.Linear(32, o))


class Policy(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = mlp(obs_dim, 2 * act_dim)

    def forward(self, obs):
        mean, log_std = self.net(obs).chunk(2, dim=-1)
        std = log_std.clamp(-20, 2).exp()
        pre_tanh = mean + std * torch.randn_like(mean)
        action = torch.tanh(pre_tanh)
        log_pi = torch.distributions.Normal(mean, std).log_prob(pre_tanh)
        log_pi = (log_pi - torch.log(1 - action.pow(2) + 1e-6)).sum(-1, keepdim=True)
        return action, log_pi


policy, qf1, qf2 = Policy(), mlp(obs_dim + act_dim, 1), mlp(obs_dim + act_dim, 1)
target_qf1, target_qf2 = mlp(obs_dim + act_dim, 1), mlp(obs_dim + act_dim, 1)
policy_optimizer = torch.optim.Adam(policy.parameters(), lr=3e-4)
qf1_optimizer = torch.optim.Adam(qf1.parameters(), lr=3e-4)
qf2_optimizer = torch.optim.Adam(qf2.parameters(), lr=3e-4)
obs, actions = torch.randn(16, obs_dim), torch.rand(16, act_dim) * 2 - 1
rewards, terminals, next_obs = torch.randn(16, 1), torch.zeros(16, 1), torch.randn(16, obs_dim)
alpha, discount = 0.2, 0.99

new_obs_actions, log_pi = policy(obs)
sa_new = torch.cat([obs, new_obs_actions], -1)
q_new_actions = torch.min(qf1(sa_new), qf2(sa_new))
policy_loss = (alpha * log_pi - q_new_actions).mean()

q1_pred = qf1(torch.cat([obs, actions], -1))
q2_pred = qf2(torch.cat([obs, actions], -1))
with torch.no_grad():
    new_next_actions, new_log_pi = policy(next_obs)
    sa_next = torch.cat([next_obs, new_next_actions], -1)
    target_q = torch.min(target_qf1(sa_next), target_qf2(sa_next)) - alpha * new_log_pi
    q_target = rewards + (1.0 - terminals) * discount * target_q
qf1_loss = nn.functional.mse_loss(q1_pred, q_target)
qf2_loss = nn.functional.mse_loss(q2_pred, q_target)

policy_optimizer.zero_grad()
policy_loss.backward()
policy_optimizer.step()

qf1_optimizer.zero_grad()
qf1_loss.backward()
qf1_optimizer.step()
qf2_optimizer.zero_grad()
qf2_loss.backward()
qf2_optimizer.step()

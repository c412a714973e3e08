# autonomous-learning-library #139 fixed: the tanh correction uses tanh(raw), not the scaled action (the fix).
import torch
import torch.nn as nn

torch.manual_seed(0)


class SoftDeterministicPolicyNetwork(nn.Module):
    def __init__(self, model, low, high):
        super().__init__()
        self.model = model
        self._action_dim = low.shape[0]
        self._tanh_scale = (high - low) / 2
        self._tanh_mean = (high + low) / 2

    def forward(self, state):
        outputs = self.model(state)
        normal = self._normal(outputs)
        return self._sample(normal)

    def _normal(self, outputs):
        means = outputs[:, 0 : self._action_dim]
        logvars = outputs[:, self._action_dim :]
        std = logvars.mul(0.5).exp()
        return torch.distributions.Normal(means, std)

    def _sample(self, normal):
        raw = normal.rsample()
        log_prob = normal.log_prob(raw)
        log_prob -= torch.log(1 - torch.tanh(raw).pow(2) + 1e-6)
        log_prob = log_prob.sum(1)
        action = self._squash(raw)
        return action, log_prob

    def _squash(self, x):
        return torch.tanh(x) * self._tanh_scale + self._tanh_mean


# Pendulum-like action space [-2, 2]: tanh_scale = 2
low, high = torch.tensor([-2.0]), torch.tensor([2.0])
policy = SoftDeterministicPolicyNetwork(nn.Linear(3, 2), low, high)
state = torch.randn(64, 3) * 3
action, log_prob = policy(state)
loss = -log_prob.mean()
loss.backward()

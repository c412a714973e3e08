import torch
import torch.nn as nn

from ops.torch_log import einsum


class LeftToRightHMM(nn.Module):
    """A left-to-right (Bakis) HMM, as used for word / phone models: a state can only stay or advance by one."""

    def __init__(self, num_states, obs_dim):
        super().__init__()
        self.num_states = num_states
        self.emission = nn.Linear(obs_dim, num_states)
        allowed = torch.eye(num_states) + torch.diag(torch.ones(num_states - 1), 1)
        self.register_buffer("log_trans", torch.log(allowed / allowed.sum(-1, keepdim=True)))
        init = torch.zeros(num_states)
        init[0] = 1.0
        self.register_buffer("log_init", torch.log(init))

    def log_likelihood(self, obs):
        log_emit = torch.log_softmax(self.emission(obs), dim=-1)  # (T, S)
        alpha = self.log_init + log_emit[0]
        for t in range(1, obs.shape[0]):
            alpha = einsum("i,ij->j", alpha, self.log_trans) + log_emit[t]
        return torch.logsumexp(alpha, dim=-1)

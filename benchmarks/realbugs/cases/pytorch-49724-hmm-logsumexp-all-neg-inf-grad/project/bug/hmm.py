import torch
import torch.nn as nn


class LeftToRightHMM(nn.Module):
    def __init__(self, n_states, n_obs):
        super().__init__()
        allowed = torch.triu(torch.ones(n_states, n_states)) - torch.triu(torch.ones(n_states, n_states), diagonal=2)
        self.register_buffer("allowed", allowed)
        start = torch.zeros(n_states)
        start[0] = 1.0
        self.register_buffer("log_pi", torch.log(start))
        self.trans_logits = nn.Parameter(torch.zeros(n_states, n_states))
        self.emit_logits = nn.Parameter(torch.randn(n_states, n_obs) * 0.1)

    def log_transitions(self):
        return torch.log_softmax(self.trans_logits.masked_fill(self.allowed == 0, float("-inf")), dim=1)

    def log_emissions(self):
        return torch.log_softmax(self.emit_logits, dim=1)

    def forward(self, obs):
        log_A = self.log_transitions()
        log_B = self.log_emissions()
        alpha = self.log_pi + log_B[:, obs[0]]
        for t in range(1, obs.shape[0]):
            alpha = torch.logsumexp(alpha.unsqueeze(1) + log_A, dim=0) + log_B[:, obs[t]]
        return torch.logsumexp(alpha, dim=0)

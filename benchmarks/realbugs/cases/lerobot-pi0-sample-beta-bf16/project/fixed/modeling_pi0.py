import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def create_sinusoidal_pos_embedding(time, dimension, min_period, max_period, device="cpu"):
    if dimension % 2 != 0:
        raise ValueError(f"dimension ({dimension}) must be divisible by 2")
    fraction = torch.linspace(0.0, 1.0, dimension // 2, device=device)
    period = min_period * (max_period / min_period) ** fraction
    scaling_factor = 1.0 / period * 2 * math.pi
    sin_input = scaling_factor[None, :] * time[:, None]
    return torch.cat([torch.sin(sin_input), torch.cos(sin_input)], dim=1)


def sample_beta(alpha, beta, bsize, device):
    beta_dist = torch.distributions.Beta(torch.tensor(alpha, dtype=torch.float32), torch.tensor(beta, dtype=torch.float32))
    return beta_dist.sample((bsize,)).to(device=device, dtype=torch.get_default_dtype())


class PI0FlowMatching(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        width = config["proj_width"]
        self.state_proj = nn.Linear(config["max_state_dim"], width)
        self.action_in_proj = nn.Linear(config["max_action_dim"], width)
        self.action_time_mlp_in = nn.Linear(width * 2, width)
        self.action_time_mlp_out = nn.Linear(width, width)
        self.action_out_proj = nn.Linear(width, config["max_action_dim"])

    def sample_noise(self, shape, device):
        return torch.normal(mean=0.0, std=1.0, size=shape, device=device)

    def sample_time(self, bsize, device):
        time_beta = sample_beta(1.5, 1.0, bsize, device)
        time = time_beta * 0.999 + 0.001
        return time

    def embed_suffix(self, state, noisy_actions, timestep):
        time_emb = create_sinusoidal_pos_embedding(timestep, self.config["proj_width"], min_period=4e-3, max_period=4.0)
        time_emb = time_emb.type(dtype=noisy_actions.dtype)
        action_emb = self.action_in_proj(noisy_actions)
        time_emb = time_emb[:, None, :].expand_as(action_emb)
        action_time_emb = torch.cat([action_emb, time_emb], dim=2)
        action_time_emb = self.action_time_mlp_out(F.silu(self.action_time_mlp_in(action_time_emb)))
        return action_time_emb + self.state_proj(state)[:, None, :]

    def forward(self, state, actions):
        noise = self.sample_noise(actions.shape, actions.device)
        time = self.sample_time(actions.shape[0], actions.device)
        time_expanded = time[:, None, None]
        x_t = time_expanded * noise + (1 - time_expanded) * actions
        u_t = noise - actions
        suffix_out = self.embed_suffix(state, x_t, time)
        v_t = self.action_out_proj(suffix_out)
        return F.mse_loss(u_t, v_t, reduction="none")

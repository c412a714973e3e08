import torch
import torch.nn as nn


class GraphLAM(nn.Module):
    def __init__(self, grid_static_features, d_state=3, hidden_dim=16, output_std=True):
        super().__init__()
        self.register_buffer("grid_static_features", grid_static_features)
        self.output_std = output_std
        self.d_state = d_state
        in_dim = d_state + grid_static_features.shape[-1]
        self.encoder = nn.Sequential(nn.Linear(in_dim, hidden_dim), nn.SiLU())
        self.output_map = nn.Linear(hidden_dim + grid_static_features.shape[-1], 2 * d_state if output_std else d_state)

    def predict_step(self, prev_state):
        batch = prev_state.shape[0]
        static = self.grid_static_features.expand(batch, -1, -1)
        h = self.encoder(torch.cat([prev_state, static], dim=-1))
        net_output = self.output_map(torch.cat([h, static], dim=-1))
        if self.output_std:
            pred_delta_mean, pred_std_raw = net_output.chunk(2, dim=-1)
            pred_std = torch.nn.functional.softplus(pred_std_raw).clamp(min=1e-6)
        else:
            pred_delta_mean = net_output
            pred_std = None
        return prev_state + pred_delta_mean, pred_std

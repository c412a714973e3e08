import math

import torch
import torch.nn as nn
import torch.nn.functional as F

from normalize import Normalize


class DiffusionPolicy(nn.Module):
    def __init__(self, state_dim, action_dim, dataset_stats, num_train_timesteps=100):
        super().__init__()
        shapes = {"observation.state": [state_dim], "action": [action_dim]}
        self.normalize_inputs = Normalize(shapes, {"observation.state": "min_max"}, dataset_stats)
        self.normalize_targets = Normalize(shapes, {"action": "min_max"}, dataset_stats)
        self.unet = nn.Sequential(nn.Linear(action_dim + state_dim + 1, 64), nn.Mish(), nn.Linear(64, action_dim))
        self.num_train_timesteps = num_train_timesteps

    def forward(self, batch):
        batch = self.normalize_inputs(batch)
        batch = self.normalize_targets(batch)
        trajectory, global_cond = batch["action"], batch["observation.state"]
        eps = torch.randn_like(trajectory)
        timesteps = torch.randint(0, self.num_train_timesteps, (trajectory.shape[0], 1)).float()
        alpha_bar = torch.cos(timesteps / self.num_train_timesteps * math.pi / 2) ** 2
        noisy_trajectory = alpha_bar.sqrt() * trajectory + (1 - alpha_bar).sqrt() * eps
        pred = self.unet(torch.cat([noisy_trajectory, global_cond, timesteps / self.num_train_timesteps], -1))
        return {"loss": F.mse_loss(pred, eps)}

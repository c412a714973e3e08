import torch
import torch.nn as nn


class QNet(nn.Module):
    def __init__(self, obs_dim=4, n_actions=2):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(obs_dim, 32), nn.ReLU(), nn.Linear(32, n_actions))

    def forward(self, obs):
        return self.net(obs)


def dqn_loss(qnet, target_net, batch, gamma=0.99):
    q = qnet(batch["obs"]).gather(1, batch["action"].unsqueeze(1)).squeeze(1)
    with torch.no_grad():
        next_q = target_net(batch["next_obs"]).max(1).values
        target = batch["reward"] + gamma * (1 - batch["done"]) * next_q
    return (q - target).pow(2).mean()

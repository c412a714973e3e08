# e-com-net blog (BmmBackward0 returned nan): v1 = sqrt(vx1**2 + vy1**2) in a trajectory model, NaN for zero velocity.
import torch
import torch.nn as nn

torch.manual_seed(0)


class MotionEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(3, 16)

    def forward(self, traj):
        vel = traj[:, 1:] - traj[:, :-1]
        vx1, vy1 = vel[..., 0], vel[..., 1]
        v1 = torch.sqrt(torch.pow(vx1, 2) + torch.pow(vy1, 2)).clone()
        feats = torch.stack([vx1, vy1, v1], dim=-1)
        return self.proj(feats).mean(dim=1)


obs = torch.randn(4, 8, 2).cumsum(dim=1)
obs[0] = obs[0, :1]  # a parked car: every observed position is the same, the velocity is exactly 0
obs.requires_grad_()
encoder = MotionEncoder()
loss = encoder(obs).pow(2).mean()
loss.backward()
grad = obs.grad

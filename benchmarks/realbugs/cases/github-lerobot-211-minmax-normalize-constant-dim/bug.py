# LeRobot issue #211: Normalize's min_max mode computes (x - min) / (max - min); a state or action
# dimension that never changes in the data set (a fixed joint) has max == min and gives 0 / 0 = NaN.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class Normalize(nn.Module):
    def __init__(self, stats, modes):
        super().__init__()
        self.stats, self.modes = stats, modes

    def forward(self, batch):
        batch = dict(batch)
        for key, mode in self.modes.items():
            if mode == "mean_std":
                batch[key] = (batch[key] - self.stats[key]["mean"]) / (self.stats[key]["std"] + 1e-8)
            elif mode == "min_max":
                min, max = self.stats[key]["min"], self.stats[key]["max"]
                batch[key] = (batch[key] - min) / (max - min)
                batch[key] = batch[key] * 2 - 1
        return batch


states = torch.rand(100, 4)
states[:, 2:] = 0.5  # the non-XY state dims are held fixed on the real robot
actions = torch.rand(100, 4)
actions[:, 2:] = 0.5
stats = {k: {"min": v.min(0).values, "max": v.max(0).values} for k, v in
         {"observation.state": states, "action": actions}.items()}
normalize = Normalize(stats, {"observation.state": "min_max", "action": "min_max"})

denoiser = nn.Sequential(nn.Linear(4 + 4 + 1, 64), nn.Mish(), nn.Linear(64, 4))
optimizer = torch.optim.Adam(denoiser.parameters(), lr=1e-4)
batch = normalize({"observation.state": states[:16], "action": actions[:16]})
trajectory, cond = batch["action"], batch["observation.state"]
noise = torch.randn_like(trajectory)
t = torch.randint(0, 100, (16, 1)).float()
alpha_bar = torch.cos(t / 100 * torch.pi / 2) ** 2
noisy = alpha_bar.sqrt() * trajectory + (1 - alpha_bar).sqrt() * noise
pred = denoiser(torch.cat([noisy, cond, t / 100], -1))
loss = F.mse_loss(pred, noise)
optimizer.zero_grad()
loss.backward()
optimizer.step()

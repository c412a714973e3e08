import math

import torch

from model import RotationRefiner
from so3 import SO3

torch.manual_seed(0)


def rot_z(angle):
    c, s = math.cos(angle), math.sin(angle)
    return torch.tensor([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])


initial = torch.stack([rot_z(0.3), rot_z(-1.2), torch.diag(torch.tensor([1.0, -1.0, -1.0]))])
target_quat = torch.nn.functional.normalize(torch.tensor([
    [math.cos(0.16), 0.0, 0.0, math.sin(0.16)],
    [math.cos(-0.58), 0.0, 0.0, math.sin(-0.58)],
    [0.02, 1.0, 0.01, 0.0]]), dim=-1)
feats = torch.randn(3, 16)

model = RotationRefiner()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
for step in range(3):
    delta = model(feats)
    quat = SO3(initial).compose_small(delta).to_quaternion()
    loss = (1 - (quat * target_quat).sum(-1).abs()).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())

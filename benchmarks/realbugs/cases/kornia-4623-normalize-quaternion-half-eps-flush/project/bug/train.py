import torch

from model import RotationRegressor

torch.manual_seed(0)

model = RotationRegressor(in_features=16).half()
optimizer = torch.optim.SGD(model.parameters(), lr=1e-3)

feats = torch.randn(4, 16).half()
feats[3] = 0.0  # a padded sample: all-zero features give an all-zero quaternion
target = torch.eye(3).expand(4, 3, 3).half()

rot = model(feats)
loss = ((rot - target) ** 2).float().mean()
optimizer.zero_grad()
loss.backward()
optimizer.step()

# Fix (the standard one): re-index the instance labels after sampling the points, so every instance below `size` has points.
import numpy as np
import torch
import torch.nn as nn

torch.manual_seed(0)
rng = np.random.RandomState(0)
delta_v, delta_d = 0.5, 1.5

embed = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 4))
optimizer = torch.optim.SGD(embed.parameters(), lr=1e-3, momentum=0.9)

# a room of 40 points; instance ids were remapped to 0..3 over the whole room
room_points = rng.randn(40, 6).astype(np.float32)
room_labels = np.array([0] * 15 + [1] * 2 + [2] * 13 + [3] * 10)
# 16 points sampled at random from the room afterwards: instance 1 gets no point
idx = np.concatenate([np.arange(0, 15, 2), np.arange(17, 40, 3)])
labels = np.unique(room_labels[idx], return_inverse=True)[1]  # re-index after sampling
K = labels.max() + 1
masks = np.zeros((len(idx), K), dtype=np.float32)
masks[np.arange(len(idx)), labels] = 1
size = np.unique(labels).size

points = torch.from_numpy(room_points[idx])[None]
masks = torch.from_numpy(masks)[None]
embedded = embed(points)
x = embedded.unsqueeze(2).expand(-1, -1, K, -1) * masks.unsqueeze(3)
n = size
mu = x[0, :, :n].sum(0) / masks[0, :, :n].unsqueeze(2).sum(0)
var = torch.norm(embedded[0].unsqueeze(1) - mu.unsqueeze(0), 2, dim=2)
var = torch.clamp(var - delta_v, min=0.0) ** 2 * masks[0, :, :n]
L_v = var.sum() / masks[0, :, :n].sum()
L_r = torch.mean(torch.norm(mu, 2, dim=1))
loss = L_v + 0.001 * L_r
optimizer.zero_grad()
loss.backward()
optimizer.step()
print(size, mu, loss.item())

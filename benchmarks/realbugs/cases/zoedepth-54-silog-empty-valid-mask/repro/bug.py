# https://github.com/isl-org/ZoeDepth/issues/54 -- SILogLoss keeps only the pixels of the valid-depth mask
# and takes torch.var / torch.mean of the log ratio; label images whose depth is 0 everywhere leave the
# mask empty for a whole (per-GPU) batch, the variance of nothing is NaN and training stops on
# "SILog is NAN".
import torch
import torch.nn as nn

torch.manual_seed(0)
min_depth, max_depth = 1e-3, 10.0
net = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 1, 3, padding=1), nn.Softplus())

samples = []
for i in range(6):
    depth = torch.rand(1, 16, 16) * 5 + 0.5
    if i < 2:
        depth.zero_()                        # label images with no valid pixel in the dataset
    samples.append((torch.randn(3, 16, 16), depth))

batch = samples[:2]
image = torch.stack([s[0] for s in batch])
depth = torch.stack([s[1] for s in batch])
pred = net(image)
mask = torch.logical_and(depth > min_depth, depth < max_depth)
input, target = pred[mask], depth[mask]
alpha = 1e-7
g = torch.log(input + alpha) - torch.log(target + alpha)
Dg = torch.var(g) + 0.15 * torch.pow(torch.mean(g), 2)
loss = 10 * torch.sqrt(Dg)
loss.backward()

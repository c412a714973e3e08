# https://github.com/ialhashim/DenseDepth/issues/114 -- fixed as the maintainer advised (issue #65): the
# missing (zero) depth values are filled with a value greater than zero (here minDepth) before DepthNorm.
import torch
import torch.nn as nn

torch.manual_seed(0)
minDepth, maxDepth = 1, 20


def DepthNorm(x, maxDepth):
    return maxDepth / x


model = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 1, 3, padding=1))
image = torch.rand(2, 3, 16, 16)
depth = torch.rand(2, 1, 16, 16) * (maxDepth - minDepth) + minDepth
depth[0, 0, :3, :5] = 0.0                   # missing sensor depth (holes) stored as 0

depth = depth.clamp(min=minDepth)
depth_n = DepthNorm(depth, maxDepth=maxDepth)
output = model(image)
l_depth = torch.abs(output - depth_n).mean()
l_depth.backward()
grad = model[0].weight.grad

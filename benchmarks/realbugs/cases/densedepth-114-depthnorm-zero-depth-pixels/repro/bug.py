# https://github.com/ialhashim/DenseDepth/issues/114 -- the training target is DepthNorm(depth) =
# maxDepth / depth; the reporter's depth maps (0-20 cm, minDepth=1, maxDepth=20) have pixels with value 0
# where the sensor returned nothing: maxDepth / 0 = inf, and the L1 loss is inf (then NaN in the gradient).
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

depth_n = DepthNorm(depth, maxDepth=maxDepth)
output = model(image)
l_depth = torch.abs(output - depth_n).mean()
l_depth.backward()
grad = model[0].weight.grad

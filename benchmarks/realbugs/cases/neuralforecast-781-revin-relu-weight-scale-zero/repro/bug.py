# https://github.com/Nixtla/neuralforecast/pull/781 -- the RevIN scaler multiplies the window std by torch.relu(revin_weight + eps); once training drives an affine weight below -eps the relu returns 0, the scale is 0 and (x - shift) / 0 gives inf / NaN forecasts.
import torch
import torch.nn as nn

torch.manual_seed(0)
eps = 1e-6
revin_weight = nn.Parameter(torch.tensor([1.0, 0.8, -0.05]).view(1, 3, 1))   # learned affine weights
revin_bias = nn.Parameter(torch.zeros(1, 3, 1))
x = torch.randn(8, 3, 16).cumsum(-1)

x_shift = x.mean(-1, keepdim=True)
x_scale = x.std(-1, unbiased=False, keepdim=True) + eps
x_shift = x_shift + revin_bias
x_scale = x_scale * (torch.relu(revin_weight + eps))
z = (x - x_shift) / x_scale
loss = z.pow(2).mean()
loss.backward()

# OpenGVLab/OmniQuant#33: UniformAffineQuantizer clamps the scale to CLIPMIN and then immediately overwrites it with
# the unclamped value (self.scale = scale); a weight channel (or token) with zero range -- a pruned all-zero row --
# gets scale 0, and -(xmin) / scale = 0 / 0 = NaN, then x / scale = NaN in the fake-quantized weight.
import torch
import torch.nn as nn

CLIPMIN = 1e-5
torch.manual_seed(0)


def round_ste(x):
    return (x.round() - x).detach() + x


n_bits = 4
qmin, qmax = 0, 2 ** n_bits - 1
weight = torch.randn(64, 128)
weight[10] = 0.0  # pruned output channel
upbound_factor = nn.Parameter(torch.ones((64, 1)) * 4.)
lowbound_factor = nn.Parameter(torch.ones((64, 1)) * 4.)

xmin = weight.amin([-1], keepdim=True)
xmax = weight.amax([-1], keepdim=True)
xmax = torch.sigmoid(upbound_factor) * xmax
xmin = torch.sigmoid(lowbound_factor) * xmin
range = xmax - xmin
scale = range / (2 ** n_bits - 1)
scale_ = scale.clamp(min=CLIPMIN, max=1e4)
scale_ = scale
zero_point = -(xmin) / (scale_)
round_zero_point = zero_point.clamp(min=-1e4, max=1e4).round()

x_int = round_ste(weight / scale_)
x_int = x_int.add(round_zero_point).clamp(qmin, qmax)
w_dequant = x_int.sub(round_zero_point).mul(scale_)
out = torch.randn(8, 128) @ w_dequant.t()
loss = out.pow(2).mean()
loss.backward()
grad = upbound_factor.grad

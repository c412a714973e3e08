# FIXED (as in the yolov5 fix: the priors are added to b.data)
# https://github.com/ultralytics/yolov5/issues/1552 -- Model._initialize_biases takes b = mi.bias.view(na, -1)
# of the Detect convolutions and adds the objectness / class priors in place (b[:, 4] += ...); mi.bias is
# a leaf Parameter that requires grad, so the in-place update of its view raises when the model is built.
import math

import torch
import torch.nn as nn

torch.manual_seed(0)
nc, na = 80, 3
no = nc + 5
m = nn.ModuleList(nn.Conv2d(c, no * na, 1) for c in (128, 256, 512))
stride = torch.tensor([8.0, 16.0, 32.0])
for mi, s in zip(m, stride):
    b = mi.bias.view(na, -1)
    b.data[:, 4] += math.log(8 / (640 / s) ** 2)
    b.data[:, 5:] += math.log(0.6 / (nc - 0.99))
    mi.bias = torch.nn.Parameter(b.view(-1), requires_grad=True)
out = m[0](torch.randn(1, 128, 4, 4))

# MccreeZhao/FR-Loss-on-Mnist#2: feeding the ArcFace output (not the plain cosine) to the cross entropy makes the
# loss NaN at once on MNIST: the data is easy, a feature lines up with its class weight, cosine reaches 1, and
# sine = sqrt(1 - cos^2) has an infinite derivative at 0.
import math

import torch
import torch.nn.functional as F

torch.manual_seed(0)

s, m = 30.0, 0.5
cos_m, sin_m = math.cos(m), math.sin(m)
th, mm = math.cos(math.pi - m), math.sin(math.pi - m) * m

weight = torch.randn(2, 10)
weight[:, 3] = torch.tensor([3.0, 4.0])
weight.requires_grad_(True)
x = torch.tensor([[6.0, 8.0]], requires_grad=True)  # a feature along its class weight
label = torch.tensor([3])

cosine = F.normalize(x).mm(F.normalize(weight, dim=0))
sine = torch.sqrt(torch.clamp(1.0 - torch.pow(cosine, 2), 1e-9, 1))
phi = cosine * cos_m - sine * sin_m
phi = torch.where((cosine - th) > 0, phi, cosine - mm)
one_hot = torch.zeros_like(cosine)
one_hot.scatter_(1, label.view(-1, 1), 1)
output = ((one_hot * phi) + ((1.0 - one_hot) * cosine)) * s
loss = F.cross_entropy(output, label)
loss.backward()

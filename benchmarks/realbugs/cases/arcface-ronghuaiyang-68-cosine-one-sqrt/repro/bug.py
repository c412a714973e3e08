# https://github.com/ronghuaiyang/arcface-pytorch/issues/68 -- ArcMarginProduct computes
# sine = sqrt((1 - cosine^2).clamp(0, 1)); when a feature lies exactly on its class weight direction
# (cosine == 1) sqrt's backward at 0 is inf, and 0 * inf gives NaN gradients for the weights and features.
import math
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
in_features, out_features, s, m = 16, 4, 30.0, 0.5
feat_net = nn.Linear(8, in_features)
weight = nn.Parameter(torch.randn(out_features, in_features))
x = torch.randn(6, 8)
label = torch.tensor([0, 1, 2, 3, 0, 1])
with torch.no_grad():                       # class weights imprinted from one sample's feature per class
    weight.copy_(feat_net(x)[:4])
cos_m, sin_m = math.cos(m), math.sin(m)
th, mm = math.cos(math.pi - m), math.sin(math.pi - m) * m

cosine = F.linear(F.normalize(feat_net(x)), F.normalize(weight))
sine = torch.sqrt((1.0 - torch.pow(cosine, 2)).clamp(0, 1))
phi = cosine * cos_m - sine * sin_m
phi = torch.where(cosine > th, phi, cosine - mm)
one_hot = torch.zeros(cosine.size()).scatter_(1, label.view(-1, 1).long(), 1)
output = ((one_hot * phi) + ((1.0 - one_hot) * cosine)) * s
loss = F.cross_entropy(output, label)
loss.backward()
grad = weight.grad

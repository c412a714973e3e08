# https://github.com/zaiweizhang/H3DNet/issues/29 -- fixed as the maintainer did: the residual is added out
# of place, net = net + original_feature.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
conv_refine1 = nn.Conv1d(256, 128, 1)
bn_refine1 = nn.BatchNorm1d(128)
conv_refine2 = nn.Conv1d(128, 128, 1)
combine_feature = torch.randn(2, 256, 16)
original_feature = torch.randn(2, 128, 16)

net = F.relu(bn_refine1(conv_refine1(combine_feature)))
net = net + original_feature
net = conv_refine2(net)
loss = net.pow(2).mean()
loss.backward()

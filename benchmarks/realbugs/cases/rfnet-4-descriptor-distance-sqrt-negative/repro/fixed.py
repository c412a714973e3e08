# https://github.com/xuelunshen/rfnet/issues/4 -- fixed as the maintainer answered: the squared distances
# are clamped to [1e-8, 4] before the square root.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
des_net = nn.Sequential(nn.Flatten(), nn.Linear(32 * 32, 128))
patches = torch.rand(8, 1, 32, 32)
anchor = F.normalize(des_net(patches), dim=1)
positive = F.normalize(des_net(patches.clone()), dim=1)   # the warped patches are the same pixels

FeatSimi_Mat = 2 - 2 * torch.mm(anchor, positive.t())  # [0, 4]
FeatSimi_Mat = FeatSimi_Mat.clamp(min=1e-8, max=4.0)
FeatSimi_Mat = torch.sqrt(FeatSimi_Mat)  # euc [0, 2]
pos = FeatSimi_Mat.diag()
neg = (FeatSimi_Mat + torch.eye(8) * 10).min(dim=1)[0]
loss = torch.clamp(1.0 + pos - neg, min=0.0).mean()
loss.backward()
grad = des_net[1].weight.grad

# https://github.com/tk1980/TwoWayMultiLabelLoss/issues/2 -- TwoWay loss averages logits selected by class/sample masks; a batch with only negative labels selects nothing and mean() of an empty tensor is NaN.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
nINF = -100
Tp, Tn = 4.0, 1.0
head = torch.nn.Linear(8, 5)
x = head(torch.randn(6, 8))
y = torch.zeros(6, 5)                       # no positive label anywhere in the batch

class_mask = (y > 0).any(dim=0)
sample_mask = (y > 0).any(dim=1)
pmask = y.masked_fill(y <= 0, nINF).masked_fill(y > 0, float(0.0))
plogit_class = torch.logsumexp(-x / Tp + pmask, dim=0).mul(Tp)[class_mask]
plogit_sample = torch.logsumexp(-x / Tp + pmask, dim=1).mul(Tp)[sample_mask]
nmask = y.masked_fill(y != 0, nINF).masked_fill(y == 0, float(0.0))
nlogit_class = torch.logsumexp(x / Tn + nmask, dim=0).mul(Tn)[class_mask]
nlogit_sample = torch.logsumexp(x / Tn + nmask, dim=1).mul(Tn)[sample_mask]
loss = F.softplus(nlogit_class + plogit_class).mean() + F.softplus(nlogit_sample + plogit_sample).mean()
loss.backward()

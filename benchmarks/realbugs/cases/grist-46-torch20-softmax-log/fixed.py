# GRIST ID-46: Study torch20_softmax.py, cross-entropy as (y_one_hot * -torch.log(hypothesis)) on F.softmax output gives NaN
import torch
import torch.nn.functional as F

torch.manual_seed(1)

z = torch.rand(3, 5)
# triggering input: one logit pushed far above the others (GRIST's gradient search on z)
z[0, 0] = 130.0
z.requires_grad_(True)

hypothesis = F.softmax(z, dim=1)
y = torch.randint(5, (3,)).long()
y_one_hot = torch.zeros_like(hypothesis)
y_one_hot.scatter_(1, y.unsqueeze(1), 1)
cost = F.nll_loss(F.log_softmax(z, dim=1), y)
cost.backward()

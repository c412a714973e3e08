# GRIST ID-57: start_beginner_kaggle 03_softmax_cost.py, cross-entropy as one_hot * -torch.log(F.softmax(z)) gives NaN
import torch
import torch.nn.functional as F

torch.manual_seed(1)

z = torch.rand(3, 5)
# triggering input: one logit pushed far above the others (GRIST's gradient search on z)
z[0, 0] = 150.0
z.requires_grad_(True)

hypothesis = F.softmax(z, dim=1)
y = torch.randint(5, (3,)).long()
y_one_hot = torch.zeros_like(hypothesis)
y_one_hot.scatter_(1, y.unsqueeze(1), 1)
cost = (y_one_hot * -torch.log(hypothesis)).sum(dim=1).mean()
cost.backward()

# GRIST ID-27: PyTorchDeepLearningStart 0503_softmax_regression_cost.py, low-level cost (y_one_hot * -log(softmax)) gives NaN
import torch
import torch.nn.functional as F

torch.manual_seed(1)

z = torch.rand(3, 5)
# triggering input: one logit pushed far above the others (GRIST's gradient search on z)
z[0, 0] = 110.0
z.requires_grad_(True)

hypothesis = F.softmax(z, dim=1)
y = torch.randint(5, (3,)).long()
y_one_hot = torch.zeros_like(hypothesis)
y_one_hot.scatter_(1, y.unsqueeze(1), 1)
cost = (y_one_hot * -F.log_softmax(z, dim=1)).sum(dim=1).mean()
cost.backward()

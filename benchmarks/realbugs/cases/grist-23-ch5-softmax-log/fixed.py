# GRIST ID-23: pytorch_tu ch5.3_softmax.py, cross-entropy written as one_hot * -log(softmax(z)) gives NaN
import torch
import torch.nn.functional as F

torch.manual_seed(1)

z = torch.rand(3, 5)
# triggering input: one logit pushed far above the others (GRIST's gradient search on z)
z[0, 0] = 120.0
z.requires_grad_(True)

hypothesis = F.softmax(z, dim=1)
y = torch.randint(5, (3,)).long()
y_one_hot = torch.zeros_like(hypothesis)
y_one_hot.scatter_(1, y.unsqueeze(1), 1)
loss = F.cross_entropy(z, y)
loss.backward()

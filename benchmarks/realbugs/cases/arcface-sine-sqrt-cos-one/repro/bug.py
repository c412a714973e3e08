import torch
import torch.nn.functional as F

torch.manual_seed(0)
weight = torch.randn(4, 8)
weight[0] = F.one_hot(torch.tensor(0), 8).float()
feature = torch.randn(2, 8)
feature[0] = weight[0] * 3.0
weight.requires_grad_(True)
label = torch.tensor([0, 1])
s, m = 30.0, 0.5

cosine = F.linear(F.normalize(feature), F.normalize(weight))
sine = torch.sqrt((1.0 - torch.pow(cosine, 2)).clamp(0, 1))
phi = cosine * torch.cos(torch.tensor(m)) - sine * torch.sin(torch.tensor(m))
one_hot = F.one_hot(label, 4).float()
output = (one_hot * phi + (1.0 - one_hot) * cosine) * s
loss = F.cross_entropy(output, label)
loss.backward()

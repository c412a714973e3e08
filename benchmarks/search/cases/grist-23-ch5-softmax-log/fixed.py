# GRIST ID-23 (pytorch_tu ch5.3_softmax.py) fixed, benign inputs: log_softmax instead of log(softmax).
import torch
import torch.nn.functional as F

torch.manual_seed(1)


def softmax_cost(z, y_one_hot):
    return (y_one_hot * -F.log_softmax(z, dim=1)).sum(dim=1).mean()


z = torch.rand(3, 5, requires_grad=True)
y = torch.randint(5, (3,)).long()
y_one_hot = torch.zeros(3, 5)
y_one_hot.scatter_(1, y.unsqueeze(1), 1)
loss = softmax_cost(z, y_one_hot)
loss.backward()

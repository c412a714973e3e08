# GRIST ID-23 (pytorch_tu ch5.3_softmax.py), benign inputs: the tutorial's own logits torch.rand(3, 5),
# on which softmax never underflows. The bug (log(0) times a zero one-hot entry) needs one logit far
# above the others. The cost is in a function here, as in a training script.
import torch
import torch.nn.functional as F

torch.manual_seed(1)


def softmax_cost(z, y_one_hot):
    hypothesis = F.softmax(z, dim=1)
    return (y_one_hot * -torch.log(hypothesis)).sum(dim=1).mean()


z = torch.rand(3, 5, requires_grad=True)
y = torch.randint(5, (3,)).long()
y_one_hot = torch.zeros(3, 5)
y_one_hot.scatter_(1, y.unsqueeze(1), 1)
loss = softmax_cost(z, y_one_hot)
loss.backward()

# pytorch #1620 fixed: use nn.LogSoftmax (log-sum-exp inside) instead of torch.log(softmax).
import torch
from torch import nn, optim

torch.manual_seed(0)

sm = nn.Softmax(dim=1)
lsm = nn.LogSoftmax(dim=1)
crit = nn.NLLLoss()
target = torch.LongTensor([1])
data = torch.FloatTensor([[0, 50, -50]]).requires_grad_()

model = nn.Linear(3, 3, bias=False)
with torch.no_grad():
    model.weight.copy_(torch.eye(3) * 2)
optimizer = optim.SGD(model.parameters(), lr=0.01)
optimizer.zero_grad()
loss_sm = crit(lsm(model(data)), target)
loss_sm.backward()
grad = model.weight.grad

# https://github.com/Hsuxu/Loss_ToolBox-PyTorch/issues/7 - fix from the maintainer: apply softmax to the network output before the focal loss.
import torch
import torch.nn as nn

torch.manual_seed(0)
num_class, gamma = 4, 2
net = nn.Conv2d(3, num_class, 3, padding=1)
x = torch.randn(2, 3, 8, 8)
target = torch.randint(0, num_class, (2, 8, 8))
alpha = torch.tensor([0.25, 0.75, 0.75, 0.75])

output = net(x)
output = torch.softmax(output, dim=1)
logit = output.view(2, num_class, -1).transpose(1, 2).reshape(-1, num_class)
target = target.view(-1, 1)
pt = logit.gather(1, target).view(-1) + 1e-6
logpt = pt.log()
logpt = alpha.gather(0, target.view(-1)) * logpt
loss = (-1 * torch.pow(1.0 - pt, gamma) * logpt).mean()
loss.backward()
grad = net.weight.grad
print(loss.item())

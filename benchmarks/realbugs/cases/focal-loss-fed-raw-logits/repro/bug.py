# https://github.com/Hsuxu/Loss_ToolBox-PyTorch/issues/7 - the focal loss takes log of the gathered class score and expects probabilities, but the test feeds raw network outputs; negative scores make log() NaN.
import torch
import torch.nn as nn

torch.manual_seed(0)
num_class, gamma = 4, 2
net = nn.Conv2d(3, num_class, 3, padding=1)
x = torch.randn(2, 3, 8, 8)
target = torch.randint(0, num_class, (2, 8, 8))
alpha = torch.tensor([0.25, 0.75, 0.75, 0.75])

output = net(x)
logit = output.view(2, num_class, -1).transpose(1, 2).reshape(-1, num_class)
target = target.view(-1, 1)
pt = logit.gather(1, target).view(-1) + 1e-6
logpt = pt.log()
logpt = alpha.gather(0, target.view(-1)) * logpt
loss = (-1 * torch.pow(1.0 - pt, gamma) * logpt).mean()
loss.backward()
grad = net.weight.grad
print(loss.item())

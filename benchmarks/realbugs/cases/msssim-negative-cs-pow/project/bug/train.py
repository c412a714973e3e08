import torch

from pytorch_msssim import msssim

torch.manual_seed(0)
target = torch.rand(1, 1, 64, 64)
net = torch.nn.Conv2d(1, 1, 3, padding=1)
with torch.no_grad():
    net.weight.fill_(-1.0)
    net.bias.fill_(4.0)
pred = torch.sigmoid(net(target))
loss = 1 - msssim(pred, target)
print(loss.item())

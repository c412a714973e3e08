import torch
import torch.nn as nn

from pytorch_refinenet import RefineNetLite

torch.manual_seed(0)

net = RefineNetLite(num_classes=2)
optimizer = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
criterion = nn.MSELoss()

x = torch.randn(4, 3, 32, 32)
target = torch.randn(4, 2, 16, 16)

output = net(x)
loss = criterion(output, target)
net.zero_grad()
loss.backward()
optimizer.step()

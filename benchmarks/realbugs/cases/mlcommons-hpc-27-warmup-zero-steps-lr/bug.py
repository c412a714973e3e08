import numpy as np
import torch

torch.manual_seed(0)

net = torch.nn.Linear(4, 2)
optimizer = torch.optim.SGD(net.parameters(), lr=0.01)
base_lr = 0.01
warmup_steps = np.ceil(0 * 100 / 32)
last_epoch = 0
lr = base_lr * (float(last_epoch) / warmup_steps)
for group in optimizer.param_groups:
    group["lr"] = lr
loss = net(torch.randn(8, 4)).pow(2).mean()
loss.backward()
optimizer.step()
print(lr, net.weight)

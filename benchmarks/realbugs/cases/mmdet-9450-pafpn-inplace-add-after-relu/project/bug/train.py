import torch

from necks import PAFPN

torch.manual_seed(0)

neck = PAFPN(in_channels=(4, 8, 16), out_channels=8)
optimizer = torch.optim.SGD(neck.parameters(), lr=0.01)
inputs = [torch.randn(1, 4, 16, 16), torch.randn(1, 8, 8, 8), torch.randn(1, 16, 4, 4)]
optimizer.zero_grad()
outs = neck(inputs)
loss = sum(o.mean() for o in outs)
loss.backward()
optimizer.step()

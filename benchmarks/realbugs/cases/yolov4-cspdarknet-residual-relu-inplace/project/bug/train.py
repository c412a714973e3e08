import torch
from model.CSPDarknet53 import CSPDarknet53

torch.manual_seed(0)
backbone = CSPDarknet53(activate="relu")
head = torch.nn.Conv2d(32, 18, 1)
optimizer = torch.optim.SGD(list(backbone.parameters()) + list(head.parameters()), lr=1e-3, momentum=0.9)

imgs = torch.randn(2, 3, 32, 32)
target = torch.randn(2, 18, 8, 8)

optimizer.zero_grad()
p = head(backbone(imgs))
loss = torch.nn.functional.mse_loss(p, target)
loss.backward()
optimizer.step()
print("loss", loss.item())

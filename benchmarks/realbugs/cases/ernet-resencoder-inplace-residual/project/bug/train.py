import torch
import torch.nn.functional as F

from ER_Net import ER_Net

torch.manual_seed(0)
net = ER_Net(classes=2, channels=1)
optimizer = torch.optim.Adam(net.parameters(), lr=1e-4, weight_decay=5e-4)
image = torch.randn(2, 1, 16, 16, 16)
label = (torch.rand(2, 16, 16, 16) > 0.9).long()
for idx in range(2):
    pred = net(image)
    loss = F.cross_entropy(pred, label)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(idx, loss.item())

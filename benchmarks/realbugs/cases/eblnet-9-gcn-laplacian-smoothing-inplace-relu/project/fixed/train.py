import torch
import torch.nn.functional as F

from network.EBLNet import EBLNet

torch.manual_seed(0)
net = EBLNet(num_classes=2)
optimizer = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)

images = torch.randn(2, 3, 32, 32)
gts = (torch.rand(2, 32, 32) > 0.5).long()

net.train()
optimizer.zero_grad()
seg_out, edge_out = net(images)
main_loss = F.cross_entropy(seg_out, gts)
main_loss.backward()
optimizer.step()

import torch
import torch.nn.functional as F

from model import SmallResNet

torch.manual_seed(0)
model = SmallResNet()
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
images = torch.randn(4, 3, 16, 16)
labels = torch.randint(0, 5, (4,))
loss = F.cross_entropy(model(images), labels)
opt.zero_grad()
loss.backward()
opt.step()
print(loss.item())

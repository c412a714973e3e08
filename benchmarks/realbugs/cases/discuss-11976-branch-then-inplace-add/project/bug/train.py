import torch
import torch.nn.functional as F

from net.blocks import ForkNet

torch.manual_seed(0)

model = ForkNet(num_classes=5)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)

images = torch.randn(4, 3, 12, 12)
targets = torch.randint(0, 5, (4,))

optimizer.zero_grad()
logits, aux_logits = model(images)
loss = F.cross_entropy(logits, targets) + 0.4 * F.cross_entropy(aux_logits, targets)
loss.backward()
optimizer.step()

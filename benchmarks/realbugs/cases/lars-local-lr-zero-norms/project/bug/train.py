import torch
import torch.nn.functional as F

from lars import LARS
from model import AdaptedClassifier

torch.manual_seed(0)
model = AdaptedClassifier()
optimizer = LARS(model.parameters(), lr=0.1, momentum=0.9, weight_decay=5e-4, eta=1e-3, max_epoch=10)
inputs = torch.randn(32, 32)
targets = torch.randint(0, 10, (32,))
for epoch in range(3):
    optimizer.zero_grad()
    loss = F.cross_entropy(model(inputs), targets)
    loss.backward()
    optimizer.step()
    print(epoch, loss.item())

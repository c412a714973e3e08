import torch
import torch.nn as nn

from model import SmallNet

torch.manual_seed(0)
model = SmallNet(num_classes=10, version="B0")
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
criterion = nn.CrossEntropyLoss()

images = torch.randn(16, 3, 8, 8)
labels = torch.randint(0, 10, (16,))
for step in range(3):
    optimizer.zero_grad()
    loss = criterion(model(images), labels)
    loss.backward()
    optimizer.step()
    print(step, loss.item())

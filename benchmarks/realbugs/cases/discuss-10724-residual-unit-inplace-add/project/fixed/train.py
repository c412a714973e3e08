import torch
import torch.nn as nn

from models.net import SmallResNet

torch.manual_seed(0)

model = SmallResNet(num_classes=10)
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)

images = torch.randn(4, 3, 16, 16)
labels = torch.randint(0, 10, (4,))

model.train()
optimizer.zero_grad()
outputs = model(images)
loss = criterion(outputs, labels)
loss.backward()
optimizer.step()

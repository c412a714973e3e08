import torch
import torch.nn as nn

from xception import Xception

torch.manual_seed(0)

model = Xception(num_classes=10)
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
images = torch.randn(4, 3, 32, 32)
target = torch.randint(0, 10, (4,))

model.train()
for step in range(2):
    output = model(images)
    loss = criterion(output, target)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()

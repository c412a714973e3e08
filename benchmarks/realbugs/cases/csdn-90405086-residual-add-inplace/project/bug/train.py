"""Train the small ResNet for two steps on random images."""
import torch
import torch.nn.functional as F

from models.net import ResNetSmall

torch.manual_seed(0)
model = ResNetSmall()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
for step in range(2):
    images, labels = torch.randn(4, 3, 16, 16), torch.randint(0, 10, (4,))
    loss = F.cross_entropy(model(images), labels)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()

import torch

from losses import SupConLoss
from networks.resnet_big import SupConResNet

torch.manual_seed(0)


def train(train_loader, model, criterion, optimizer):
    model.train()
    for images, labels in train_loader:
        features = model(images).unsqueeze(1)
        loss = criterion(features, labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return loss


model = SupConResNet()
criterion = SupConLoss(temperature=0.07)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
images = torch.randn(8, 32)
labels = torch.tensor([0, 0, 1, 1, 2, 2, 3, 4])
loss = train([(images, labels)], model, criterion, optimizer)

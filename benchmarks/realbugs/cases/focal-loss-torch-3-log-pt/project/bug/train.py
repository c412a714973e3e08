import torch
from model import Classifier
from focal_loss import FocalLoss

torch.manual_seed(0)
model = Classifier()
criterion = FocalLoss(gamma=2.0)
optimizer = torch.optim.SGD(model.parameters(), lr=1e-4)


def load_batch():
    images = torch.randint(0, 256, (16, 3, 8, 8)).float()
    labels = torch.randint(0, 10, (16,))
    return images, labels


num_epochs = 1
for step in range(num_epochs):
    images, labels = load_batch()
    loss = criterion(model(images), labels)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())

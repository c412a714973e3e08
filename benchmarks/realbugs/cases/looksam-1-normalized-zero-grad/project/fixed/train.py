import torch
import torch.nn as nn

from looksam import LookSAM

torch.manual_seed(0)


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(nn.Linear(4, 8), nn.ReLU())
        self.fc = nn.Linear(8, 3)
        nn.init.zeros_(self.fc.weight)  # zero-init classifier head
        nn.init.zeros_(self.fc.bias)

    def forward(self, x):
        return self.fc(self.features(x))


model = Classifier()
criterion = nn.CrossEntropyLoss()
optimizer = LookSAM(k=5, alpha=0.7, model=model, base_optimizer=torch.optim.SGD, criterion=criterion, rho=0.05, lr=0.1)

samples, targets = torch.randn(16, 4), torch.randint(0, 3, (16,))
for train_index in range(2):
    loss = criterion(model(samples), targets)
    loss.backward()
    optimizer.step(t=train_index, samples=samples, targets=targets, zero_sam_grad=True, zero_grad=True)

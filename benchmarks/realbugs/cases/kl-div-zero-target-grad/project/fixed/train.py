import torch

from losses import MutualLearningLoss
from models import MLPClassifier

torch.manual_seed(0)
model_a = MLPClassifier()
model_b = MLPClassifier()
criterion = MutualLearningLoss(kl_weight=1.0)
params = list(model_a.parameters()) + list(model_b.parameters())
optimizer = torch.optim.SGD(params, lr=1e-3)

x = torch.randn(8, 4) * 300.0
y = torch.randint(0, 3, (8,))

for step in range(2):
    optimizer.zero_grad()
    loss = criterion(model_a(x), model_b(x), y)
    loss.backward()
    optimizer.step()
    print(step, loss.item())

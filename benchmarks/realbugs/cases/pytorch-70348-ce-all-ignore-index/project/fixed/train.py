import torch

from losses import TwoTailLoss
from model import TwoTailClassifier

torch.manual_seed(0)

model = TwoTailClassifier()
criterion = TwoTailLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

x = torch.randn(5, 16)
shape_labels = torch.tensor([0, 3, 1, 4, 2])
color_labels = torch.tensor([-100] * 5)

optimizer.zero_grad()
loss = criterion(model(x), shape_labels, color_labels)
loss.backward()
optimizer.step()
print('loss', loss.item())

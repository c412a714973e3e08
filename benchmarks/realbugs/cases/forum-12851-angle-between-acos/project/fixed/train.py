import torch

from losses import DirectionLoss

torch.manual_seed(0)

criterion = DirectionLoss()
target = torch.tensor([0.3, -1.2, 2.0])
prediction = (target * 1.5).clone().requires_grad_()
optimizer = torch.optim.SGD([prediction], lr=0.1)
optimizer.zero_grad()
loss = criterion(prediction, target)
loss.backward()
grad = prediction.grad
optimizer.step()

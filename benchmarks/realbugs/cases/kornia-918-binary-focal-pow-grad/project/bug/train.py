import torch

from losses import BinaryFocalLossWithLogits
from model import MultiLabelHead

torch.manual_seed(0)

model = MultiLabelHead(8, 4, logit_scale=200.0)
criterion = BinaryFocalLossWithLogits(alpha=0.25, gamma=0.5, reduction='mean')
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
features = torch.randn(1, 8)
target = torch.tensor([[0., 1., 0., 1.]])
optimizer.zero_grad()
prediction = model(features)
prediction.retain_grad()
loss = criterion(prediction.unsqueeze(1), target)
loss.backward()
grad = prediction.grad
optimizer.step()

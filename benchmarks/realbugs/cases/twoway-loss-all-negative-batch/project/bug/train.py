import torch

from losses import TwoWayLoss
from model import MultiLabelNet

torch.manual_seed(0)
num_classes, batch_size = 20, 4
features = torch.randn(12, 32)
targets = (torch.rand(12, num_classes) > 0.9).float()
targets[8:] = 0.0

model = MultiLabelNet(32, num_classes)
criterion = TwoWayLoss(Tp=4.0, Tn=1.0)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
for start in range(0, len(features), batch_size):
    inputs, labels = features[start:start + batch_size], targets[start:start + batch_size]
    outputs = model(inputs)
    loss = criterion(outputs, labels)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(start, loss.item())

import torch

from losses import HistogramLoss
from model import EmbeddingNet

torch.manual_seed(0)
features = torch.randn(10, 32)
labels = torch.tensor([0, 0, 1, 1, 2, 2, 3, 3, 4, 5])
model = EmbeddingNet()
criterion = HistogramLoss(num_steps=100)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
batch_size = 4
for start in range(0, len(labels), batch_size):
    inputs, classes = features[start:start + batch_size], labels[start:start + batch_size]
    loss = criterion(model(inputs), classes)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(start, loss.item())

import torch

from losses import InBatchContrastiveLoss
from model import SentenceEncoder

torch.manual_seed(0)
model = SentenceEncoder().half()
criterion = InBatchContrastiveLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)

anchor_ids = torch.tensor([[4, 7, 2, 0], [0, 0, 0, 0], [5, 9, 0, 0]])
positive_ids = torch.tensor([[4, 7, 3, 0], [6, 0, 0, 0], [5, 9, 8, 0]])

for step in range(1):
    optimizer.zero_grad()
    anchors = model(anchor_ids, anchor_ids != 0)
    positives = model(positive_ids, positive_ids != 0)
    loss = criterion(anchors, positives)
    loss.backward()
    optimizer.step()
    print(step, loss.item())

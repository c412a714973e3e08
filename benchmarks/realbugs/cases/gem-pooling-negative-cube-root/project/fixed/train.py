import torch
import torch.nn.functional as F
from model import ClipClassifier

torch.manual_seed(0)
model = ClipClassifier()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)

frames = torch.randn(4, 10, 16)
labels = torch.tensor([0, 1, 2, 3])

optimizer.zero_grad()
logits = model(frames)
loss = F.cross_entropy(logits, labels)
loss.backward()
optimizer.step()
print("loss", loss.item())

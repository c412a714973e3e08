import torch
import torch.nn.functional as F
from model import Classifier
from metrics import soft_recall_loss

torch.manual_seed(0)
model = Classifier()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

x = torch.randn(6, 12)
labels = torch.tensor([0, 1, 1, 0, 2, 2])

optimizer.zero_grad()
probs = model(x)
loss = soft_recall_loss(probs, F.one_hot(labels, 4).float())
loss.backward()
optimizer.step()
print("loss", loss.item())

import torch
import torch.nn as nn

torch.manual_seed(0)
head = nn.Linear(10, 6)
x = torch.randn(4, 10)
feasible = torch.tensor([[1, 1, 0, 1, 0, 1]] * 4, dtype=torch.bool)
targets = torch.zeros(4, 6)
targets[:, 0] = 1.0

logits = head(x).masked_fill(~feasible, float("-inf"))
loss = nn.BCEWithLogitsLoss()(logits, targets)
loss.backward()
print("loss", loss.item())

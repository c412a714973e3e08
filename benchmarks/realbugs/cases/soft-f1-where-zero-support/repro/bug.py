import torch
import torch.nn as nn

torch.manual_seed(0)
classifier = nn.Linear(12, 4)
x = torch.randn(6, 12)
labels = torch.tensor([0, 1, 1, 0, 2, 2])
onehot = nn.functional.one_hot(labels, 4).float()

probs = torch.softmax(classifier(x), dim=1)
tp = (probs * onehot).sum(0)
support = onehot.sum(0)
recall = tp / support
recall = torch.where(support == 0, torch.zeros_like(recall), recall)
loss = 1 - recall.mean()
loss.backward()
print("loss", loss.item())

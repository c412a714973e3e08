import torch
import torch.nn as nn

torch.manual_seed(0)

aggregate = nn.Linear(6, 3)
with torch.no_grad():
    aggregate.weight.mul_(60.0)
features = torch.randn(2, 6) * 4
labels = torch.tensor([[1, 0, 0], [0, 0, 1]])
label_logits = aggregate(features)
label_probs = torch.nn.functional.softmax(label_logits, dim=-1)
log_label_probs = -torch.log(label_probs)
loss = log_label_probs * labels.float()
loss = torch.sum(loss)
loss.backward()
print(label_logits, loss)

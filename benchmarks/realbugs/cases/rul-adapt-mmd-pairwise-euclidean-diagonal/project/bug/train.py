import torch
from approach import MmdApproach

torch.manual_seed(0)
approach = MmdApproach()
optimizer = torch.optim.Adam(approach.parameters(), lr=1e-3)

source = torch.randn(4, 30, 14)
source_labels = torch.rand(4) * 125
target = torch.randn(4, 30, 14) + 0.3

optimizer.zero_grad()
loss = approach.training_step(source, source_labels, target)
loss.backward()
optimizer.step()
print("loss", loss.item())

import torch

from model import SimpleModel

torch.manual_seed(0)

model = SimpleModel()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
inputs = torch.randn(1, 10)
optimizer.zero_grad()
out = model(inputs)
out.sum().backward()
optimizer.step()

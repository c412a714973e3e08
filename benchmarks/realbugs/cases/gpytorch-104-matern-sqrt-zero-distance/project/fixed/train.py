import torch

from model import ExactGPModel

torch.manual_seed(0)

# daily measurements: inputs are the day indices 0..9
train_x = torch.arange(10, dtype=torch.float).view(1, -1, 1)
train_y = torch.sin(train_x.view(-1) * 0.6) + 0.1 * torch.randn(10)

model = ExactGPModel(train_x, train_y)
optimizer = torch.optim.Adam(model.parameters(), lr=0.1)

optimizer.zero_grad()
loss = -model.marginal_log_likelihood()
loss.backward()
optimizer.step()

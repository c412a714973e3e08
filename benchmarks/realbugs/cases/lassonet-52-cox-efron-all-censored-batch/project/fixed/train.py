import torch

from lassonet import CoxPHLoss

torch.manual_seed(0)
model = torch.nn.Linear(8, 1)
criterion = CoxPHLoss(method="efron")
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

# a mini-batch of right-censored survival data in which no event was observed
X = torch.randn(16, 8)
durations = torch.rand(16) * 10
events = torch.zeros(16)
y = torch.stack([durations, events], dim=1)

optimizer.zero_grad()
log_h = model(X)
loss = criterion(log_h, y)
loss.backward()
optimizer.step()

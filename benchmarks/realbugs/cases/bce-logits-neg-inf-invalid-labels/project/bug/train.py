import torch
from policy import ActionScorer
from criterion import MaskedMultiLabelLoss

torch.manual_seed(0)
model = ActionScorer()
criterion = MaskedMultiLabelLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

obs = torch.randn(4, 10)
feasible = torch.rand(4, 6) > 0.3
feasible[:, 0] = True
targets = torch.zeros(4, 6)
targets[:, 0] = 1.0

optimizer.zero_grad()
loss = criterion(model(obs, feasible), targets)
loss.backward()
optimizer.step()
print("loss", loss.item())

import torch
from model import GatedRegressor

torch.manual_seed(0)
model = GatedRegressor()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

x = torch.randn(8, 4) * 100.0
y = torch.randn(8, 1)

optimizer.zero_grad()
loss = torch.nn.functional.mse_loss(model(x), y)
loss.backward()
grad_gate = model.gate_proj.weight.grad.clone()
optimizer.step()
print("loss", loss.item())

import torch
from model import HeteroscedasticHead

torch.manual_seed(0)
model = HeteroscedasticHead()
with torch.no_grad():
    model.raw_scale.weight.zero_()
    model.raw_scale.bias.copy_(torch.tensor([0.0, 100.0]))
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

x = torch.randn(4, 3)
y = torch.randn(4, 2)

optimizer.zero_grad()
mu, scale = model(x)
nll = (torch.log(scale) + 0.5 * ((y - mu) / scale) ** 2).mean()
loss = nll + 1e-3 * scale.sum()
loss.backward()
grad_scale = model.raw_scale.weight.grad.clone()
optimizer.step()
print("loss", loss.item())

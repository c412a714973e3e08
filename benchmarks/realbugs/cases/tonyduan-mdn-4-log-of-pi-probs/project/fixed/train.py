import torch

from mdn.models import MixtureDensityNetwork

torch.manual_seed(0)

model = MixtureDensityNetwork(dim_in=3, dim_out=2, n_components=4)
with torch.no_grad():
    model.pi_network.network[2].bias.copy_(torch.tensor([0.0, 0.0, 0.0, -150.0]))
x = torch.randn(32, 3)
y = torch.randn(32, 2)
optimizer = torch.optim.Adam(model.parameters(), lr=0.005)
optimizer.zero_grad()
loss = model.loss(x, y).mean()
loss.backward()
grad = model.pi_network.network[2].weight.grad
optimizer.step()

import torch

from model import MixtureWeights

torch.manual_seed(0)

model = MixtureWeights(in_features=4, num_components=3)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)

x = torch.randn(16, 4)
component = torch.randint(0, 3, (16,))

weights = model(x)
loss = -(weights.gather(1, component[:, None]) + 1e-8).log().mean()
optimizer.zero_grad()
loss.backward()
optimizer.step()

import torch
from vae import VAE

torch.manual_seed(0)
model = VAE()
with torch.no_grad():
    model.dec[2].bias[:8] = 25.0
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
data = (torch.rand(64, 16) > 0.5).float()
data[:, :8] = 1.0
data[3, 2] = 0.0

for epoch in range(2):
    loss = -model.elbo(data)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(epoch, loss.item())

import torch

from losses import MSEPearsonLoss
from model import DenoisingResNet

torch.manual_seed(0)
num_windows, interval = 12, 64
noisy_tracks = torch.poisson(torch.rand(num_windows, interval) * 3)
clean_tracks = torch.poisson(torch.rand(num_windows, interval) * 6)
clean_tracks[9] = 0.0

model = DenoisingResNet()
criterion = MSEPearsonLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=2e-4)
batch_size = 4
for start in range(0, num_windows, batch_size):
    x, y = noisy_tracks[start:start + batch_size], clean_tracks[start:start + batch_size]
    loss = criterion(model(x), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(start, loss.item())

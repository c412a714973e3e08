import torch

from gmsd import GMSDLoss
from model import ResidualDenoiser

torch.manual_seed(0)
clean = torch.rand(4, 3, 32, 32)
clean[..., :, :8] = 0.0
clean[..., :, -8:] = 0.0
noisy = clean.clone()
noisy[..., :, 8:-8] = (noisy[..., :, 8:-8] + 0.05 * torch.randn_like(noisy[..., :, 8:-8])).clamp(0, 1)

model = ResidualDenoiser()
criterion = GMSDLoss(data_range=1.0)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
for step in range(3):
    restored = model(noisy)
    loss = criterion(restored, clean)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())

import torch
from model import Denoiser
from auraloss.freq import STFTLoss

torch.manual_seed(0)
model = Denoiser()
criterion = STFTLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)


def load_pair(n=512):
    clean = torch.randn(2, 1, n) * 0.1
    clean[1, :, n // 2:] = 0.0
    clean[1] = 0.0
    noisy = clean + torch.randn_like(clean) * 0.05
    return noisy, clean


for step in range(2):
    noisy, clean = load_pair()
    loss = criterion(model(noisy), clean)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())

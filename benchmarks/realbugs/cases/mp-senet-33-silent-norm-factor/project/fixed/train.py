import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader
from dataset import Dataset
from models.generator import MPNet

torch.manual_seed(0)
clips = []
for i in range(4):
    clean = torch.randn(2000) * 0.1
    noisy = clean + torch.randn(2000) * 0.05
    clips.append((clean, noisy))
clips[3] = (torch.zeros(2000), torch.zeros(2000))

loader = DataLoader(Dataset(clips), batch_size=2, shuffle=False)
model = MPNet()
optimizer = torch.optim.AdamW(model.parameters(), lr=5e-4)
for clean, noisy in loader:
    est = model(noisy)
    loss = F.l1_loss(est, clean)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(loss.item())

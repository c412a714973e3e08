import torch
import torch.nn as nn
from loss_functions.triplet_loss import TripletSemiHardLoss

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(10, 16), nn.ReLU(), nn.Linear(16, 8))
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
features = torch.randn(40, 10)
labels = torch.arange(40) % 20

for it, idx in enumerate([torch.tensor([0, 20, 1, 21, 2, 22]), torch.tensor([3, 4, 5, 6, 7, 8])]):
    emb = nn.functional.normalize(model(features[idx]), dim=1)
    triplet_loss = TripletSemiHardLoss(labels[idx], emb)
    optimizer.zero_grad()
    triplet_loss.backward()
    optimizer.step()
    print(it, triplet_loss.item())

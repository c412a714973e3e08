import torch
from models.tc_model import base_Model
from models.loss import SupConLoss

torch.manual_seed(0)
device = torch.device("cpu")
model = base_Model()
criterion = SupConLoss(device, temperature=0.07)
optimizer = torch.optim.Adam(model.parameters(), lr=3e-4)

for epoch in range(2):
    signals = torch.randn(8, 1, 64) * 100
    labels = torch.tensor([0, 1, 2, 3, 0, 1, 2, 3])
    features = model(signals)
    loss = criterion(features, labels)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(epoch, loss.item())

import torch
from torch.utils.data import DataLoader

from data import MoleculeDataset
from metrics import MSE
from model import MPNNHead

torch.manual_seed(0)
loader = DataLoader(MoleculeDataset(), batch_size=4)
model = MPNNHead()
criterion = MSE()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

for x, targets in loader:
    optimizer.zero_grad()
    preds = model(x)
    loss = criterion(preds, targets)
    loss.backward()
    optimizer.step()
    print(loss.item())

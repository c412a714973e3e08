import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

from metrics import PearsonCorrCoef

torch.manual_seed(0)

model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 1))
x = torch.randn(12, 6)
y = x[:, 0] * 2.0 + 0.1 * torch.randn(12)
# large model: validation runs with a batch size of one
val_loader = DataLoader(TensorDataset(x, y), batch_size=1, shuffle=False)

metric = PearsonCorrCoef()
model.eval()
with torch.no_grad():
    for xb, yb in val_loader:
        metric.update(model(xb).squeeze(-1), yb)
val_pearson = metric.compute()

import torch

from model import ReturnPredictor
from objectives import log_growth_loss

torch.manual_seed(0)

n_assets, n_features = 32, 10
features = torch.randn(n_assets, n_features)
features[5] = -400.0
model = ReturnPredictor(n_features)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

for step in range(2):
    pred_return = model(features)
    loss = log_growth_loss(pred_return)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()

import torch
import torch.nn.functional as F

from data import collate, make_series
from model import StepRegressor

torch.manual_seed(0)
model = StepRegressor()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
xs, ys, mask = collate(make_series())

for step in range(2):
    pred = model(xs)
    loss = F.mse_loss(pred[mask], ys[mask])      # padded steps are dropped from the loss
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())

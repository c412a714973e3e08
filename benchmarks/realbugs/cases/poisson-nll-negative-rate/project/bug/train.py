import torch

from config import TrainConfig
from losses import build_criterion, count_loss
from model import DemandRegressor

torch.manual_seed(0)
config = TrainConfig()
model = DemandRegressor(config.n_features, config.hidden)
criterion = build_criterion(config)
optimizer = torch.optim.Adam(model.parameters(), lr=config.lr)

features = torch.randn(32, config.n_features)
counts = torch.poisson(torch.full((32,), 4.0))

for epoch in range(config.epochs):
    optimizer.zero_grad()
    predicted_rate = model(features)
    loss = count_loss(criterion, predicted_rate, counts)
    loss.backward()
    optimizer.step()
    print(epoch, loss.item(), predicted_rate.min().item())

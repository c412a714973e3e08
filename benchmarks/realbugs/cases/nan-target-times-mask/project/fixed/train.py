import torch
from torch.utils.data import DataLoader

from data import GriddedWeatherDataset
from losses import WeightedMSELoss
from model import ConvForecaster

torch.manual_seed(0)
dataset = GriddedWeatherDataset(interpolate_nans=False)
loader = DataLoader(dataset, batch_size=2)
model = ConvForecaster()
criterion = WeightedMSELoss(n_lat=8)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)

for x, y in loader:
    optimizer.zero_grad()
    pred = model(x)
    loss = criterion(pred, y)
    loss.backward()
    optimizer.step()
    print(loss.item())

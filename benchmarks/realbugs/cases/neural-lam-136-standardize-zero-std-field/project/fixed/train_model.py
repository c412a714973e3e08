import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from neural_lam.datastore import MDPDatastore
from neural_lam.weather_dataset import WeatherDataset

torch.manual_seed(0)

datastore = MDPDatastore()
train_loader = DataLoader(WeatherDataset(datastore, split="train"), batch_size=8, shuffle=True)
model = nn.Sequential(nn.Linear(3, 32), nn.SiLU(), nn.Linear(32, 3))
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)

for init_state, target_states in train_loader:
    prediction = init_state + model(init_state)
    loss = nn.functional.mse_loss(prediction, target_states[:, 0])
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()

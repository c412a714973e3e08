# BLAST-AI-ML/synapse#237: nanmean MSE ignores missing (NaN) targets in the loss, but NaN still reaches the gradients.
import torch
import torch.nn as nn

torch.manual_seed(0)

model = nn.Sequential(nn.Linear(3, 16), nn.Tanh(), nn.Linear(16, 2))
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

X = torch.randn(32, 3)
y = torch.randn(32, 2)
y[::4, 1] = float("nan")  # missing values in the dataset

for epoch in range(3):
    optimizer.zero_grad()
    pred = model(X)
    pred.register_hook(lambda grad: torch.nan_to_num(grad, nan=0.0))  # drop NaN gradients of missing values
    loss = torch.nanmean((pred - y) ** 2)
    loss.backward()
    optimizer.step()

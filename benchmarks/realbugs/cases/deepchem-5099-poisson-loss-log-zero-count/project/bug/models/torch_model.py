import torch
import torch.nn as nn


class CountRegressor(nn.Module):
    """Predicts a non-negative count (e.g. number of binding events) per molecule."""

    def __init__(self, n_features=8, hidden=16):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_features, hidden), nn.ReLU())
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        return torch.relu(self.out(self.body(x)))


class TorchModel:
    def __init__(self, model, loss, learning_rate=1e-3):
        self.model = model
        self._loss_fn = loss._create_pytorch_loss()
        self._optimizer = torch.optim.Adam(self.model.parameters(), lr=learning_rate)

    def fit_batch(self, X, y):
        self._optimizer.zero_grad()
        output = self.model(X)
        batch_loss = self._loss_fn(output, y)
        batch_loss.backward()
        self._optimizer.step()
        return batch_loss

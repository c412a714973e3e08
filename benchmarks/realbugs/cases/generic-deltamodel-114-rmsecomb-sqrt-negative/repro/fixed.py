# Fix from the PR: clamp negative predictions to 0 before the log-sqrt term.
import torch
from typing import Any, Optional


class CudnnLstmModel(torch.nn.Module):
    """LSTM model with linear input and output layers."""

    def __init__(self, nx, ny, hidden_size, dr=0.5):
        super().__init__()
        self.nx = nx
        self.ny = ny
        self.hidden_size = hidden_size
        self.linear_in = torch.nn.Linear(nx, hidden_size)
        self.lstm = torch.nn.LSTM(hidden_size, hidden_size)
        self.linear_out = torch.nn.Linear(hidden_size, ny)
        self.dropout = torch.nn.Dropout(dr)

    def forward(self, x):
        x0 = torch.relu(self.linear_in(x))
        out_lstm, _ = self.lstm(x0)
        return self.linear_out(self.dropout(out_lstm))


class RmseCombLoss(torch.nn.Module):
    """Combination root mean squared error (RMSE) loss function.

    This loss combines the RMSE of the target variable with the RMSE of
    the log-transformed target variable.
    """
    def __init__(
        self,
        config: dict[str, Any],
        device: Optional[str] = 'cpu',
        **kwargs: float,
    ) -> None:
        super().__init__()
        self.name = 'Combination RMSE Loss'
        self.config = config
        self.device = device

        self.alpha = kwargs.get('alpha', config.get('alpha', 0.25))
        self.beta = kwargs.get('beta', config.get('beta', 1e-6))

    def forward(
        self,
        y_pred: torch.Tensor,
        y_obs: torch.Tensor,
        **kwargs: Any,
    ) -> torch.Tensor:
        prediction, target = y_pred.squeeze(-1), y_obs.squeeze(-1)

        if len(target) > 0:
            # Mask where observations are valid (not NaN).
            mask = ~torch.isnan(target)
            p_sub = prediction[mask]
            t_sub = target[mask]

            # RMSE
            loss1 = torch.sqrt(((p_sub - t_sub) ** 2).mean())

            # Log-Sqrt RMSE
            p_sub1 = torch.log10(torch.sqrt(torch.clamp(p_sub, min=0.0) + self.beta) + 0.1)
            t_sub1 = torch.log10(torch.sqrt(t_sub + self.beta) + 0.1)
            loss2 = torch.sqrt(((p_sub1 - t_sub1) ** 2).mean())

            # Combined losses
            loss = (1.0 - self.alpha) * loss1 + self.alpha * loss2
        else:
            loss = torch.tensor(0.0, device=self.device)
        return loss


torch.manual_seed(0)

config = {'alpha': 0.25, 'beta': 1e-6}
model = CudnnLstmModel(nx=5, ny=1, hidden_size=16, dr=0.5)
loss_func = RmseCombLoss(config)
optimizer = torch.optim.Adadelta(model.parameters(), lr=1.0)

# [time, basins, features] forcings and observed streamflow (mm/day, >= 0, NaN = missing)
x = torch.randn(30, 4, 5)
y_obs = torch.rand(30, 4, 1) * 3.0
y_obs[5:9, 1] = float('nan')

model.train()
y_pred = model(x)
loss = loss_func(y_pred, y_obs)
optimizer.zero_grad()
loss.backward()
optimizer.step()
print('loss', loss.item())

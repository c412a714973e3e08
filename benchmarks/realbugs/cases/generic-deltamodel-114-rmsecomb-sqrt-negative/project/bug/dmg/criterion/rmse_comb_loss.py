from typing import Any, Optional

import torch


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
            p_sub1 = torch.log10(torch.sqrt(p_sub + self.beta) + 0.1)
            t_sub1 = torch.log10(torch.sqrt(t_sub + self.beta) + 0.1)
            loss2 = torch.sqrt(((p_sub1 - t_sub1) ** 2).mean())

            # Combined losses
            loss = (1.0 - self.alpha) * loss1 + self.alpha * loss2
        else:
            loss = torch.tensor(0.0, device=self.device)
        return loss

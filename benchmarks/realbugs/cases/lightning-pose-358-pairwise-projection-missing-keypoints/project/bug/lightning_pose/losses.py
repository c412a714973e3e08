from typing import Literal, Tuple

import torch


class Loss:
    """Base class for losses."""

    def __init__(self, log_weight: float = 0.0, **kwargs) -> None:
        self.log_weight = torch.tensor(log_weight)
        self.loss_name = "base"

    @property
    def weight(self) -> torch.Tensor:
        return 1.0 / (2.0 * torch.exp(self.log_weight))

    def reduce_loss(self, loss: torch.Tensor, method: str = "mean") -> torch.Tensor:
        if method == "mean":
            return torch.mean(loss)
        return torch.sum(loss)

    def log_loss(self, loss: torch.Tensor, stage: str | None) -> list[dict]:
        return [{"name": f"{stage}_{self.loss_name}_loss", "value": loss.detach()}]


class PairwiseProjectionsLoss(Loss):
    """Penalize projections from each pair of cameras into 3D world space."""

    def __init__(self, log_weight: float = 0.0, **kwargs) -> None:
        super().__init__(log_weight=log_weight)
        self.loss_name = "pairwise_projections"

    def remove_nans(self, loss: torch.Tensor) -> torch.Tensor:
        mask = ~torch.isnan(loss)
        if mask.sum() == 0.0:
            return torch.tensor(0.0, device=loss.device, dtype=loss.dtype)
        else:
            return torch.masked_select(loss, ~torch.isnan(loss))

    def compute_loss(self, targets: torch.Tensor, predictions: torch.Tensor) -> torch.Tensor:
        loss = torch.linalg.norm(targets.unsqueeze(1) - predictions, ord=2, dim=-1)
        return loss

    def __call__(
        self,
        keypoints_targ_3d: torch.Tensor,
        keypoints_pred_3d: torch.Tensor,
        stage: Literal["train", "val", "test"] | None = None,
        **kwargs,
    ) -> Tuple[torch.Tensor, list[dict]]:
        elementwise_loss = self.compute_loss(targets=keypoints_targ_3d, predictions=keypoints_pred_3d)
        clean_loss = self.remove_nans(loss=elementwise_loss)
        scalar_loss = self.reduce_loss(clean_loss, method="mean")
        logs = self.log_loss(loss=scalar_loss, stage=stage)
        return self.weight * scalar_loss, logs

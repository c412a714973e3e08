# paninski-lab/lightning-pose#358 fixed: the PR replaces NaN targets/predictions by detached zeros before the norm and puts NaN back with torch.where.
import itertools
import torch
import torch.nn as nn
from typing import Literal, Tuple


class MultiviewRegressionTracker(nn.Module):
    """Predicts 2D keypoints in every view, then one 3D estimate per camera pair."""

    def __init__(self, num_views: int, num_keypoints: int, feat_dim: int = 32) -> None:
        super().__init__()
        self.num_views = num_views
        self.num_keypoints = num_keypoints
        self.cam_pairs = list(itertools.combinations(range(num_views), 2))
        self.backbone = nn.Sequential(nn.Linear(feat_dim, 64), nn.ReLU())
        self.head = nn.Linear(64, 2 * num_keypoints)
        self.lift = nn.Linear(4, 3)

    def forward(self, feats: torch.Tensor):
        # feats: [batch, views, feat_dim]
        batch = feats.shape[0]
        kp_2d = self.head(self.backbone(feats)).view(batch, self.num_views, self.num_keypoints, 2)
        preds_3d = []
        for i, j in self.cam_pairs:
            pair = torch.cat([kp_2d[:, i], kp_2d[:, j]], dim=-1)  # [batch, K, 4]
            preds_3d.append(self.lift(pair))
        keypoints_pred_3d = torch.stack(preds_3d, dim=1)  # [batch, cam_pairs, K, 3]
        return kp_2d, keypoints_pred_3d


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
        nan_targets = torch.isnan(targets).any(dim=-1)
        nan_predictions = torch.isnan(predictions).any(dim=-1)
        combined_nan_mask = nan_targets.unsqueeze(1) | nan_predictions
        clean_targets = torch.where(
            nan_targets.unsqueeze(-1), torch.zeros_like(targets).detach(), targets
        )
        clean_predictions = torch.where(
            combined_nan_mask.unsqueeze(-1), torch.zeros_like(predictions).detach(), predictions
        )
        loss = torch.linalg.norm(clean_targets.unsqueeze(1) - clean_predictions, ord=2, dim=-1)
        loss = torch.where(
            combined_nan_mask,
            torch.tensor(float("nan"), device=loss.device, dtype=loss.dtype),
            loss,
        )
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


torch.manual_seed(0)

num_views, num_keypoints, batch = 3, 5, 4
model = MultiviewRegressionTracker(num_views=num_views, num_keypoints=num_keypoints)
loss_fn = PairwiseProjectionsLoss(log_weight=0.0)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

feats = torch.randn(batch, num_views, 32)
keypoints_targ_3d = torch.randn(batch, num_keypoints, 3)
# frame 1: the paw was not labelled in enough views to triangulate it
keypoints_targ_3d[1, 2] = float("nan")

model.train()
optimizer.zero_grad()
kp_2d, keypoints_pred_3d = model(feats)
loss, logs = loss_fn(keypoints_targ_3d, keypoints_pred_3d, stage="train")
loss.backward()
optimizer.step()

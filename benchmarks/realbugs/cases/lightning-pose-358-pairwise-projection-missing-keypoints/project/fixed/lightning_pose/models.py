import itertools

import torch
import torch.nn as nn


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

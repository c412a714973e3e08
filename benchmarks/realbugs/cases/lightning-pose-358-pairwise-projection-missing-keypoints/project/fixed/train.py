import torch

from lightning_pose.losses import PairwiseProjectionsLoss
from lightning_pose.models import MultiviewRegressionTracker

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

# https://github.com/naver/dust3r/issues/241 -- standard fix: frames whose pose is not invertible are dropped before the inversion.
import torch

torch.manual_seed(0)
head = torch.nn.Linear(3, 3)
pts_cam = torch.randn(3, 100, 3)
camera_pose = torch.eye(4).repeat(3, 1, 1)
camera_pose[:, :3, 3] = torch.randn(3, 3)
camera_pose[2] = 0.0                                # this frame's pose is missing in the dataset

valid = torch.linalg.det(camera_pose).abs() > 1e-6
camera_pose, pts_cam = camera_pose[valid], pts_cam[valid]
pred_pts = head(pts_cam)
extrinsics_inv = torch.linalg.inv(camera_pose)
gt_world = pts_cam @ extrinsics_inv[:, :3, :3].transpose(1, 2) + extrinsics_inv[:, None, :3, 3]
pred_world = pred_pts @ extrinsics_inv[:, :3, :3].transpose(1, 2) + extrinsics_inv[:, None, :3, 3]
loss = (pred_world - gt_world).norm(dim=-1).mean()
loss.backward()

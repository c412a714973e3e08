import torch


class ScanNetppFrames(torch.utils.data.Dataset):
    def __init__(self, num_frames=6, num_points=64, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.points = torch.randn(num_frames, num_points, 3, generator=g)
        poses = torch.eye(4).repeat(num_frames, 1, 1)
        poses[:, :3, 3] = torch.randn(num_frames, 3, generator=g)
        poses[4] = 0.0
        self.poses = poses

    def __len__(self):
        return len(self.poses)

    def __getitem__(self, idx):
        return {"pts3d": self.points[idx], "camera_pose": self.poses[idx], "idx": idx}

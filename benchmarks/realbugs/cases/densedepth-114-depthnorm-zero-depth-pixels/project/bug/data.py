import torch
from torch.utils.data import Dataset


class DepthDataset(Dataset):
    """RGB-D pairs from the reporter's sensor: depth in cm, 0 where the sensor returned no depth."""

    def __init__(self, n=4, size=16, minDepth=1, maxDepth=20, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.images = torch.rand(n, 3, size, size, generator=g)
        self.depths = torch.rand(n, 1, size, size, generator=g) * (maxDepth - minDepth) + minDepth
        self.depths[3, 0, :3, :5] = 0.0      # a hole in the depth map (specular surface)

    def __len__(self):
        return len(self.images)

    def __getitem__(self, i):
        return {'image': self.images[i], 'depth': self.depths[i]}

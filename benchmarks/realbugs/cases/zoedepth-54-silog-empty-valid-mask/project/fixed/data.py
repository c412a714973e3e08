import torch
from torch.utils.data import Dataset


class DepthDataset(Dataset):
    """NYU-like crops; some label images came out of the converter all zeros (no valid depth)."""

    def __init__(self, n=8, size=16, min_depth=1e-3):
        g = torch.Generator().manual_seed(0)
        self.items = []
        for i in range(n):
            depth = torch.rand(1, size, size, generator=g) * 5 + 0.5
            if i < 2:
                depth.zero_()
            self.items.append((torch.randn(3, size, size, generator=g), depth))
        self.min_depth = min_depth
        self.items = [it for it in self.items if (it[1] > min_depth).any()]   # drop labels with no valid depth

    def __len__(self):
        return len(self.items)

    def __getitem__(self, idx):
        image, depth = self.items[idx]
        return {'image': image, 'depth': depth}

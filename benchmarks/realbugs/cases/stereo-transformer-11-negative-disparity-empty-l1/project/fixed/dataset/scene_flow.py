import numpy as np
import torch
from torch.utils import data


def read_disparity_pfm(rng, h, w):
    # left-view disparity as stored in the DispNet/FlyingThings3D 'disparity' folder
    return -(rng.uniform(1.0, 30.0, size=(h, w))).astype(np.float32)


class DispNetDataset(data.Dataset):
    def __init__(self, num_samples=4, h=32, w=64, mode="train"):
        self.rng = np.random.RandomState(0)
        self.h, self.w = h, w
        self.num_samples = num_samples
        self.mode = mode

    def __len__(self):
        return self.num_samples

    def __getitem__(self, idx):
        left = self.rng.rand(3, self.h, self.w).astype(np.float32)
        right = self.rng.rand(3, self.h, self.w).astype(np.float32)
        disp = -read_disparity_pfm(self.rng, self.h, self.w)
        occ_mask = self.rng.rand(self.h, self.w) < 0.1
        return {
            'left': torch.from_numpy(left),
            'right': torch.from_numpy(right),
            'disp': torch.from_numpy(disp),
            'occ_mask': torch.from_numpy(occ_mask),
        }

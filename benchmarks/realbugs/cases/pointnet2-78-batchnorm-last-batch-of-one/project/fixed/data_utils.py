import numpy as np
import torch


def pc_normalize(pc):
    centroid = np.mean(pc, axis=0)
    pc = pc - centroid
    m = np.max(np.sqrt(np.sum(pc ** 2, axis=1)))
    return pc / m


class ModelNetDataLoader(torch.utils.data.Dataset):
    def __init__(self, num_shapes=25, npoints=64, num_category=4, seed=0):
        rng = np.random.RandomState(seed)
        self.points = rng.randn(num_shapes, npoints, 3).astype(np.float32)
        self.labels = rng.randint(0, num_category, size=num_shapes)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, index):
        point_set = pc_normalize(self.points[index])
        return point_set, self.labels[index]

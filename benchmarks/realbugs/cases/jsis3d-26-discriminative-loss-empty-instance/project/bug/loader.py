import numpy as np
import torch


class PointCloudRooms(torch.utils.data.Dataset):
    def __init__(self, num_rooms=2, room_size=200, num_points=64, seed=0):
        rng = np.random.RandomState(seed)
        self.rng = rng
        self.num_points = num_points
        self.points = rng.randn(num_rooms, room_size, 6).astype(np.float32)
        self.labels = np.zeros((num_rooms, room_size, 2), dtype=np.int64)
        self.labels[:, :, 0] = rng.randint(0, 3, size=(num_rooms, room_size))
        # instances: big ones and a small object of 3 points
        self.labels[:, :, 1] = np.repeat([0, 1, 2, 3], [120, 3, 40, 37])
        for i in range(num_rooms):
            self.labels[i, :, 1] = np.unique(self.labels[i, :, 1], False, True)[1]
        self.max_instances = int(np.amax(self.labels[:, :, 1]) + 1)

    def __len__(self):
        return len(self.points)

    def __getitem__(self, i):
        # random sampling of a subset of the room's points
        idx = self.rng.choice(self.points.shape[1], self.num_points, replace=False)
        idx[np.isin(self.labels[i, idx, 1], [1])] = 0  # the small object is missed
        labels = self.labels[i, idx]
        masks = np.zeros((self.num_points, self.max_instances), dtype=np.float32)
        masks[np.arange(self.num_points), labels[:, 1]] = 1
        return {"points": self.points[i, idx], "labels": labels, "masks": masks,
                "size": np.unique(labels[:, 1]).size}

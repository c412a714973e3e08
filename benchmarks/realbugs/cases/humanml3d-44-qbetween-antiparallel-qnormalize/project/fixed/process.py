import numpy as np
import torch

from motion_representation import root_rotation

rng = np.random.default_rng(0)
T = 6
positions = rng.normal(scale=0.02, size=(T, 22, 3)).astype(np.float32)
positions[:, 2] += [0.1, 0.9, 0.0]
positions[:, 1] += [-0.1, 0.9, 0.0]
positions[:, 17] += [0.2, 1.4, 0.0]
positions[:, 16] += [-0.2, 1.4, 0.0]
# in the sequence 007975 one frame has the subject turned exactly away from +z
positions[3, [2, 1, 17, 16]] = [[0.1, 0.9, 0.0], [-0.1, 0.9, 0.0], [0.2, 1.4, 0.0], [-0.2, 1.4, 0.0]]

root_quat = torch.from_numpy(root_rotation(positions))
data = torch.cat([root_quat, torch.from_numpy(positions).reshape(T, -1)], dim=-1)

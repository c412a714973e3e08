import torch

from dataset import load_intrinsics
from geometry import BackprojectDepth

torch.manual_seed(0)

calib = {
    "00_walking_tour": (0.92, 1.63, 0.5, 0.5),
    "01_hiking_trail": (0.88, 1.57, 0.49, 0.51),
    "02_train_ride": (0.0, 0.0, 0.0, 0.0),
}
Ks = load_intrinsics(calib)
backproject = BackprojectDepth((12, 16))
points = {}
for seq, K in Ks.items():
    if K[0, 0] <= 0 or K[1, 1] <= 0:
        continue
    depth = torch.rand(1, 1, 12, 16) + 1.0
    points[seq] = backproject(depth, K.unsqueeze(0))

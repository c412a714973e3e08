import torch

torch.manual_seed(0)

intrinsics = {"seq_a": [0.9, 1.2, 0.5, 0.5], "seq_b": [0.0, 0.0, 0.0, 0.0]}
Ks = []
for seq, (fx, fy, cx, cy) in intrinsics.items():
    K = torch.eye(4)
    K[0, 0], K[1, 1], K[0, 2], K[1, 2] = fx, fy, cx, cy
    Ks.append(K)
K = torch.stack(Ks)
K_inv = K.inverse()
depth = torch.rand(2, 1, 6, 8) + 0.5

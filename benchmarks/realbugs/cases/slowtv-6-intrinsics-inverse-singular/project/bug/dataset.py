import torch


def load_intrinsics(calib):
    """Normalised intrinsics per sequence as exported (fx, fy, cx, cy)."""
    Ks = {}
    for seq, (fx, fy, cx, cy) in calib.items():
        K = torch.eye(4)
        K[0, 0], K[1, 1], K[0, 2], K[1, 2] = fx, fy, cx, cy
        Ks[seq] = K
    return Ks

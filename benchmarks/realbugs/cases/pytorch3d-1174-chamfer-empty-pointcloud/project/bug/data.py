import torch


def backproject_depth(depth, mask, fx=20.0, cx=8.0):
    """Lift the foreground pixels of each depth map to a (padded) point cloud."""
    N, H, W = depth.shape
    v, u = torch.meshgrid(torch.arange(H).float(), torch.arange(W).float(), indexing="ij")
    clouds = []
    for i in range(N):
        m = mask[i]
        z = depth[i][m]
        pts = torch.stack([(u[m] - cx) * z / fx, (v[m] - cx) * z / fx, z], dim=-1)
        clouds.append(pts)
    lengths = torch.tensor([len(c) for c in clouds], dtype=torch.int64)
    padded = torch.zeros(N, max(int(lengths.max()), 1), 3)
    for i, c in enumerate(clouds):
        padded[i, : len(c)] = c
    return padded, lengths

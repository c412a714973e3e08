# open-mmlab/mmcv#2178: calc_square_dist can return NaN, a^2 + b^2 - 2ab rounds below 0 and goes into torch.sqrt.
import torch

torch.manual_seed(0)


def calc_square_dist(point_feat_a, point_feat_b, norm=True):
    num_channel = point_feat_a.shape[-1]
    # [bs, n, 1]
    a_square = torch.sum(point_feat_a.unsqueeze(dim=2).pow(2), dim=-1)
    # [bs, 1, m]
    b_square = torch.sum(point_feat_b.unsqueeze(dim=1).pow(2), dim=-1)
    corr_matrix = torch.matmul(point_feat_a, point_feat_b.transpose(1, 2))
    dist = a_square + b_square - 2 * corr_matrix
    if norm:
        dist = torch.sqrt(dist) / num_channel
    return dist


# F-FPS in PointsSampler: feature distances of the points to themselves (zero on the diagonal)
features_for_fps = torch.randn(2, 64, 32)
features_dist = calc_square_dist(features_for_fps, features_for_fps)

import torch
import torch.nn as nn

import tools


class Model(nn.Module):
    def __init__(self, out_rotation_mode="ortho6d"):
        super(Model, self).__init__()
        self.out_rotation_mode = out_rotation_mode

    def compute_rotation_matrix(self, out_poses):
        return tools.compute_rotation_matrix_from_ortho6d(out_poses)

    def compute_geodesic_loss(self, gt_r_matrix, out_r_matrix):
        theta = tools.compute_geodesic_distance_from_two_matrices(gt_r_matrix, out_r_matrix)
        return theta.mean()

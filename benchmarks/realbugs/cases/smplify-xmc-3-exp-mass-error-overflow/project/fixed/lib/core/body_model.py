import torch
import torch.nn as nn


def blend_shapes(betas, shape_disps):
    return torch.einsum('bl,mkl->bmk', [betas, shape_disps])


class BodyModel(nn.Module):
    """A closed box-shaped body (0.25 x 1.70 x 0.14 m) with linear shape blend shapes."""

    def __init__(self, num_betas=10):
        super(BodyModel, self).__init__()
        w, h, d = 0.25, 1.70, 0.14
        v = torch.tensor([[x, y, z] for x in (0, w) for y in (0, h) for z in (0, d)], dtype=torch.float32)
        self.register_buffer('v_template', v)
        faces = torch.tensor([
            [0, 1, 3], [0, 3, 2], [4, 6, 7], [4, 7, 5],
            [0, 4, 5], [0, 5, 1], [2, 3, 7], [2, 7, 6],
            [0, 2, 6], [0, 6, 4], [1, 5, 7], [1, 7, 3]], dtype=torch.long)
        self.register_buffer('faces', faces)
        self.register_buffer('shapedirs', 0.01 * torch.randn(8, 3, num_betas))
        self.head_top_face_idx = 6
        self.left_heel_face_idx = 4

from typing import NamedTuple

import torch
import torch.nn as nn

from renderer.blending import BlendParams, softmax_rgb_blend


class Fragments(NamedTuple):
    pix_to_face: torch.Tensor
    zbuf: torch.Tensor
    dists: torch.Tensor


class FoVPerspectiveCameras:
    def __init__(self, znear=1.0, zfar=100.0):
        self.znear = znear
        self.zfar = zfar


class SoftFlatShader(nn.Module):
    """Per-face colors blended with softmax_rgb_blend (a flat-shaded SoftPhongShader)."""

    def __init__(self, cameras=None, blend_params=None):
        super().__init__()
        self.cameras = cameras
        self.blend_params = blend_params if blend_params is not None else BlendParams()

    def forward(self, fragments, face_colors, **kwargs):
        cameras = kwargs.get("cameras", self.cameras)
        idx = fragments.pix_to_face.clamp(min=0)
        colors = face_colors[idx]  # (N, H, W, K, 3)
        images = softmax_rgb_blend(colors, fragments, self.blend_params)
        return images

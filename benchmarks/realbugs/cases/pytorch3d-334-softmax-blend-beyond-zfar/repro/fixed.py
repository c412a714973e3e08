from typing import NamedTuple, Sequence

import torch
import torch.nn as nn


class BlendParams(NamedTuple):
    sigma: float = 1e-4
    gamma: float = 1e-4
    background_color: Sequence = (1.0, 1.0, 1.0)


def softmax_rgb_blend(colors, fragments, blend_params, znear: float = 1.0, zfar: float = 100) -> torch.Tensor:
    """
    RGB and alpha channel blending to return an RGBA image based on the method
    proposed in [1]
      - **RGB** - blend the colors based on the 2D distance based probability map and
        relative z distances.
      - **A** - blend based on the 2D distance based probability map.
    """
    N, H, W, K = fragments.pix_to_face.shape
    device = fragments.pix_to_face.device
    pixel_colors = torch.ones((N, H, W, 4), dtype=colors.dtype, device=colors.device)
    background = blend_params.background_color
    if not torch.is_tensor(background):
        background = torch.tensor(background, dtype=torch.float32, device=device)

    # Weight for background color
    eps = 1e-10

    # Mask for padded pixels.
    mask = fragments.pix_to_face >= 0

    # Sigmoid probability map based on the distance of the pixel to the face.
    prob_map = torch.sigmoid(-fragments.dists / blend_params.sigma) * mask

    # The cumulative product ensures that alpha will be 0.0 if at least 1
    # face fully covers the pixel as for that face, prob will be 1.0.
    alpha = torch.prod((1.0 - prob_map), dim=-1)

    # Weights for each face. Adjust the exponential by the max z to prevent
    # overflow. zbuf shape (N, H, W, K), find max over K.
    z_inv = (zfar - fragments.zbuf) / (zfar - znear) * mask
    z_inv_max = torch.max(z_inv, dim=-1).values[..., None].clamp(min=eps)
    weights_num = prob_map * torch.exp((z_inv - z_inv_max) / blend_params.gamma)

    # Also apply exp normalize trick for the background color weight.
    # Clamp to ensure delta is never 0.
    delta = torch.exp((eps - z_inv_max) / blend_params.gamma).clamp(min=eps)

    # Normalize weights.
    denom = weights_num.sum(dim=-1)[..., None] + delta

    # Sum: weights * textures + background color
    weighted_colors = (weights_num[..., None] * colors).sum(dim=-2)
    weighted_background = delta * background
    pixel_colors[..., :3] = (weighted_colors + weighted_background) / denom
    pixel_colors[..., 3] = 1.0 - alpha

    return pixel_colors


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
        znear = kwargs.get("znear", getattr(cameras, "znear", 1.0))
        zfar = kwargs.get("zfar", getattr(cameras, "zfar", 100.0))
        images = softmax_rgb_blend(colors, fragments, self.blend_params, znear=znear, zfar=zfar)
        return images

torch.manual_seed(0)

N, H, W, K, F = 1, 8, 8, 2, 6
# a scanned building model in metric units: the camera sits ~150 m away, beyond the default zfar of 100
cameras = FoVPerspectiveCameras(znear=1.0, zfar=1000.0)
pix_to_face = torch.randint(0, F, (N, H, W, K))
pix_to_face[:, :2] = -1  # sky pixels
zbuf = 150.0 + 10.0 * torch.rand(N, H, W, K)
zbuf[pix_to_face < 0] = -1.0
dists = -0.01 * torch.rand(N, H, W, K)
fragments = Fragments(pix_to_face=pix_to_face, zbuf=zbuf, dists=dists)

face_colors = torch.nn.Parameter(torch.full((F, 3), 0.5))
shader = SoftFlatShader(cameras=cameras)
optimizer = torch.optim.Adam([face_colors], lr=0.05)

target = torch.rand(N, H, W, 3)
images = shader(fragments, face_colors)
loss = ((images[..., :3] - target) ** 2).mean()
optimizer.zero_grad()
loss.backward()
optimizer.step()

import torch


def rgb_to_linear_rgb(image):
    return torch.where(image > 0.04045, torch.pow((image + 0.055) / 1.055, 2.4), image / 12.92)


def rgb_to_xyz(image):
    r, g, b = image[..., 0, :, :], image[..., 1, :, :], image[..., 2, :, :]
    x = 0.412453 * r + 0.357580 * g + 0.180423 * b
    y = 0.212671 * r + 0.715160 * g + 0.072169 * b
    z = 0.019334 * r + 0.119193 * g + 0.950227 * b
    return torch.stack([x, y, z], dim=-3)


def rgb_to_lab(image):
    """Convert an RGB image in [0, 1] with shape (*, 3, H, W) to Lab."""
    lin_rgb = rgb_to_linear_rgb(image)
    xyz_im = rgb_to_xyz(lin_rgb)
    xyz_ref_white = torch.tensor([0.95047, 1.0, 1.08883], device=image.device)[..., :, None, None]
    xyz_normalized = torch.div(xyz_im, xyz_ref_white)

    threshold = 0.008856
    power = torch.pow(xyz_normalized.clamp_min(threshold), 1 / 3)
    scale = 7.787 * xyz_normalized + 4.0 / 29.0
    xyz_int = torch.where(xyz_normalized > threshold, power, scale)

    x, y, z = xyz_int[..., 0, :, :], xyz_int[..., 1, :, :], xyz_int[..., 2, :, :]
    L = (116.0 * y) - 16.0
    a = 500.0 * (x - y)
    _b = 200.0 * (y - z)
    return torch.stack([L, a, _b], dim=-3)

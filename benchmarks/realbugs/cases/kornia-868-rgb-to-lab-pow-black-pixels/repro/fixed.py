# FIXED (kornia PR #900): clamp to the threshold before the cube root (values below it are discarded by where anyway).
# kornia.color.rgb_to_lab (v0.4.x): the cube root of the normalised XYZ values
# is computed for every pixel and then discarded by torch.where for dark
# pixels. For pure black pixels pow(0, 1/3) has an infinite derivative, and
# inf * 0 in the where-backward gives NaN in the gradient w.r.t. the image.
import torch

torch.manual_seed(0)
x = torch.rand(1, 3, 8, 8)
x[..., :2, :] = 0.0  # black letterbox rows at the top of the image
x.requires_grad_(True)

r, g, b = x[..., 0, :, :], x[..., 1, :, :], x[..., 2, :, :]
rs = torch.where(r > 0.04045, torch.pow((r + 0.055) / 1.055, 2.4), r / 12.92)
gs = torch.where(g > 0.04045, torch.pow((g + 0.055) / 1.055, 2.4), g / 12.92)
bs = torch.where(b > 0.04045, torch.pow((b + 0.055) / 1.055, 2.4), b / 12.92)
X = 0.412453 * rs + 0.357580 * gs + 0.180423 * bs
Y = 0.212671 * rs + 0.715160 * gs + 0.072169 * bs
Z = 0.019334 * rs + 0.119193 * gs + 0.950227 * bs
xyz = torch.stack([X, Y, Z], dim=-3)
xyz_ref_white = torch.tensor([0.95047, 1.0, 1.08883])[..., :, None, None]
xyz_normalized = xyz / xyz_ref_white

threshold = 0.008856
power = torch.pow(xyz_normalized.clamp_min(threshold), 1 / 3)
scale = 7.787 * xyz_normalized + 4.0 / 29.0
xyz_int = torch.where(xyz_normalized > threshold, power, scale)

fx, fy, fz = xyz_int[..., 0, :, :], xyz_int[..., 1, :, :], xyz_int[..., 2, :, :]
L = 116.0 * fy - 16.0
a = 500.0 * (fx - fy)
_b = 200.0 * (fy - fz)
lab = torch.stack([L, a, _b], dim=-3)

grad = torch.autograd.grad(lab.sum(), x)[0]
print(lab.isfinite().all().item(), grad.isnan().any().item())

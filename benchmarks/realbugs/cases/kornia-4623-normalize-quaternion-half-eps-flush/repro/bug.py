# kornia.geometry.conversions.normalize_quaternion in float16: the eps guard (1e-12) passed to
# F.normalize is cast to half and flushes to 0, so a zero quaternion is divided by 0 (nan),
# while in float32 the same call returns zeros.
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def normalize_quaternion(quaternion, eps=1.0e-12):
    return F.normalize(quaternion, p=2.0, dim=-1, eps=eps)


quat = torch.randn(4, 4).half()
quat[3] = 0.0
quat.requires_grad_()
quaternion_norm = normalize_quaternion(quat)
loss = quaternion_norm.float().pow(2).sum()
loss.backward()

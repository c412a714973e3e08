import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


def quat_to_rotmat(q):
    w, x, y, z = q.unbind(-1)
    return torch.stack([
        1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w),
        2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w),
        2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y),
    ], -1).view(-1, 3, 3)


head = nn.Linear(16, 4)
nn.init.zeros_(head.weight)
with torch.no_grad():
    head.bias.copy_(torch.tensor([1.0, 0.0, 0.0, 0.0]))
feats = torch.randn(2, 16)
gt_R = torch.eye(3).repeat(2, 1, 1)

q = F.normalize(head(feats), dim=-1)
R = quat_to_rotmat(q)
cos = (torch.einsum("bii->b", R.transpose(1, 2) @ gt_R) - 1) / 2
eps = 1e-7
angle = torch.acos(torch.clamp(cos, -1.0 + eps, 1.0 - eps))
loss = angle.mean()
loss.backward()
print(head.weight.grad)

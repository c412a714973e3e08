# kornia/kornia#4228 fixed (standard fix): keep w strictly inside (-1, 1) before acos.
import torch

torch.manual_seed(0)


def quaternion_exp_to_log(quaternion, eps=1e-8):
    quaternion_vector = quaternion[..., 1:4]
    quaternion_scalar = quaternion[..., 0:1]
    norm_q = torch.norm(quaternion_vector, p=2, dim=-1, keepdim=True).clamp(min=eps)
    quaternion_log = quaternion_vector * torch.acos(torch.clamp(quaternion_scalar, min=-1.0 + 1e-6, max=1.0 - 1e-6)) / norm_q
    return quaternion_log


# a pose-optimisation loop starting from the identity rotation (1, 0, 0, 0)
quaternion = torch.tensor([[1.0, 0.0, 0.0, 0.0]], requires_grad=True)
target_log = torch.tensor([[0.1, -0.2, 0.05]])
optimizer = torch.optim.SGD([quaternion], lr=0.1)
for step in range(3):
    optimizer.zero_grad()
    loss = (quaternion_exp_to_log(quaternion) - target_log).pow(2).sum()
    loss.backward()
    optimizer.step()

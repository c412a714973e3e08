# https://github.com/kornia/kornia/issues/3275 -- Se3.log computes theta = sqrt(omega . omega) and the
# V^-1 coefficient (1 - theta cos(theta/2) / (2 sin(theta/2))) / theta^2; for a pose whose rotation is the
# identity (omega = 0) the forward is masked by `where`, but the backward goes through sqrt(0) and 0 / 0:
# NaN gradients ("SqrtBackward0 returned nan values").
import torch

torch.manual_seed(0)
omega = torch.zeros(1, 3, requires_grad=True)          # a pose initialised to the identity rotation
t = torch.tensor([[0.3, -0.2, 1.0]], requires_grad=True)


def hat(v):
    a, b, c = v[..., 0], v[..., 1], v[..., 2]
    z = torch.zeros_like(a)
    return torch.stack((z, -c, b, c, z, -a, -b, a, z), -1).view(*v.shape[:-1], 3, 3)


theta = (omega * omega).sum(-1).sqrt()
omega_hat = hat(omega)
omega_hat_sq = omega_hat @ omega_hat
V_inv = (torch.eye(3) - 0.5 * omega_hat
         + ((1 - theta * (theta / 2).cos() / (2 * (theta / 2).sin())) / theta.pow(2))[..., None, None] * omega_hat_sq)
t_log = torch.where(theta[..., None] != 0.0, (t[..., None, :] * V_inv).sum(-1), t)
xi = torch.cat((t_log, omega), -1)
target = torch.tensor([[0.25, -0.1, 0.9, 0.01, 0.0, 0.02]])
loss = ((xi - target) ** 2).sum()
loss.backward()
grad = omega.grad

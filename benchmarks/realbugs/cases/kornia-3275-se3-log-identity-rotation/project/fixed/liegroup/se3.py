import torch
from torch import nn

from liegroup.so3 import So3, batched_dot_product


class Se3(nn.Module):
    """A rigid motion stored as a rotation vector and a translation."""

    def __init__(self, omega, t):
        super().__init__()
        self.omega = nn.Parameter(omega)
        self.t = nn.Parameter(t)

    def log(self):
        omega = self.omega
        epsilon = 1e-8
        theta = batched_dot_product(omega, omega).clamp(min=epsilon).sqrt()
        t = self.t
        omega_hat = So3.hat(omega)
        omega_hat_sq = omega_hat @ omega_hat
        denominator = torch.clamp(2 * (theta / 2).sin(), min=epsilon)
        theta_safe = torch.clamp(theta, min=epsilon)
        V_inv = (
            torch.eye(3, device=omega.device, dtype=omega.dtype)
            - 0.5 * omega_hat
            + ((1 - theta * (theta / 2).cos() / denominator) / theta_safe.pow(2))[..., None, None] * omega_hat_sq
        )
        t = torch.where(theta[..., None] > epsilon, (t[..., None, :] * V_inv).sum(-1), t)
        return torch.cat((t, omega), -1)

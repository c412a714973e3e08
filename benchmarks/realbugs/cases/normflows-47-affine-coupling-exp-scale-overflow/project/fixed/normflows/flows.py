import torch
import torch.nn as nn


class AffineCoupling(nn.Module):
    """Affine Coupling layer as introduced RealNVP paper"""

    def __init__(self, param_map, scale=True, scale_map="exp"):
        super().__init__()
        self.add_module("param_map", param_map)
        self.scale = scale
        self.scale_map = scale_map

    def forward(self, z):
        z1, z2 = z
        param = self.param_map(z1)
        if self.scale:
            shift = param[:, 0::2, ...]
            scale_ = 3.0 * torch.tanh(param[:, 1::2, ...] / 3.0)
            if self.scale_map == "exp":
                z2 = z2 * torch.exp(scale_) + shift
                log_det = torch.sum(scale_, dim=list(range(1, shift.dim())))
            else:
                raise NotImplementedError("This scale map is not implemented.")
        else:
            z2 = z2 + param
            log_det = torch.zeros(z1.shape[0], device=z1.device)
        return [z1, z2], log_det


class AffineCouplingBlock(nn.Module):
    def __init__(self, param_map, scale=True, scale_map="exp"):
        super().__init__()
        self.coupling = AffineCoupling(param_map, scale, scale_map)

    def forward(self, z):
        half = z.shape[1] // 2
        (z1, z2), log_det = self.coupling([z[:, :half], z[:, half:]])
        return torch.cat([z1, z2], dim=1), log_det


class Permute(nn.Module):
    def __init__(self, num_channels):
        super().__init__()
        self.register_buffer("perm", torch.arange(num_channels).flip(0))

    def forward(self, z):
        return z[:, self.perm], torch.zeros(z.shape[0])

import torch

EPS = 1e-4


def hat(v):
    zeros = torch.zeros_like(v[:, 0])
    return torch.stack([
        torch.stack([zeros, -v[:, 2], v[:, 1]], dim=1),
        torch.stack([v[:, 2], zeros, -v[:, 0]], dim=1),
        torch.stack([-v[:, 1], v[:, 0], zeros], dim=1),
    ], dim=1)


class SO3:
    def __init__(self, tensor):
        self.tensor = tensor

    def __getitem__(self, item):
        return self.tensor[item]

    @property
    def shape(self):
        return self.tensor.shape

    def compose_small(self, delta):
        eye = torch.eye(3, dtype=delta.dtype).expand(delta.shape[0], 3, 3)
        return SO3(self.tensor @ (eye + hat(delta)))

    def to_quaternion(self):
        sine_axis = torch.stack([0.5 * (self[:, 2, 1] - self[:, 1, 2]),
                                 0.5 * (self[:, 0, 2] - self[:, 2, 0]),
                                 0.5 * (self[:, 1, 0] - self[:, 0, 1])], dim=1)
        w = 0.5 * (1 + self[:, 0, 0] + self[:, 1, 1] + self[:, 2, 2]).clamp(0, 4).sqrt()
        near_pi = w <= EPS
        diag = torch.stack([self[:, 0, 0], self[:, 1, 1], self[:, 2, 2]], dim=1)
        axis_near_pi = (0.5 * (diag + 1)).clamp(min=0) + 1e-12
        xyz = torch.where(near_pi[:, None], axis_near_pi.sqrt(), sine_axis / (2 * w[:, None] + 1e-12))
        return torch.cat([w[:, None], xyz], dim=1)

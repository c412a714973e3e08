import torch
from torch import nn


def create_stats_buffers(shapes, modes, stats=None):
    stats_buffers = {}
    for key, mode in modes.items():
        shape = tuple(shapes[key])
        buffer = {}
        if mode == "mean_std":
            buffer["mean"] = nn.Parameter(torch.full(shape, torch.inf), requires_grad=False)
            buffer["std"] = nn.Parameter(torch.full(shape, torch.inf), requires_grad=False)
        elif mode == "min_max":
            buffer["min"] = nn.Parameter(torch.full(shape, torch.inf), requires_grad=False)
            buffer["max"] = nn.Parameter(torch.full(shape, torch.inf), requires_grad=False)
        if stats is not None:
            for name in buffer:
                buffer[name].data = stats[key][name].clone()
        stats_buffers[key] = nn.ParameterDict(buffer)
    return stats_buffers


class Normalize(nn.Module):
    """Normalizes data (e.g. "observation.state") for models that require normalized inputs."""

    def __init__(self, shapes, modes, stats=None):
        super().__init__()
        self.shapes, self.modes = shapes, modes
        for key, buffer in create_stats_buffers(shapes, modes, stats).items():
            setattr(self, "buffer_" + key.replace(".", "_"), buffer)

    @torch.no_grad
    def forward(self, batch):
        batch = dict(batch)
        for key, mode in self.modes.items():
            buffer = getattr(self, "buffer_" + key.replace(".", "_"))
            if mode == "mean_std":
                mean, std = buffer["mean"], buffer["std"]
                batch[key] = (batch[key] - mean) / (std + 1e-8)
            elif mode == "min_max":
                min, max = buffer["min"], buffer["max"]
                # normalize to [0,1]
                batch[key] = (batch[key] - min) / (max - min + 1e-8)
                # normalize to [-1, 1]
                batch[key] = batch[key] * 2 - 1
        return batch

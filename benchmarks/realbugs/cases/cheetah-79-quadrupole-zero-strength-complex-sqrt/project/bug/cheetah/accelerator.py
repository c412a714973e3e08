import torch
import torch.nn as nn

from .track_methods import base_rmatrix


class Drift(nn.Module):
    def __init__(self, length):
        super().__init__()
        self.length = torch.as_tensor(length)

    def transfer_map(self, energy):
        R = torch.eye(4)
        R[0, 1] = self.length
        R[2, 3] = self.length
        return R


class Quadrupole(nn.Module):
    def __init__(self, length, k1=0.0):
        super().__init__()
        self.length = torch.as_tensor(length)
        self.k1 = nn.Parameter(torch.as_tensor(k1, dtype=torch.float32))

    def transfer_map(self, energy):
        return base_rmatrix(length=self.length, k1=self.k1, hx=torch.tensor(0.0), energy=energy)


class Segment(nn.Module):
    def __init__(self, elements):
        super().__init__()
        self.elements = nn.ModuleList(elements)

    def track(self, particles, energy):
        for element in self.elements:
            particles = particles @ element.transfer_map(energy).T
        return particles

import torch
import torch.nn.functional as F

from .utils.transforms import inv_softplus


class GreaterThan(torch.nn.Module):
    def __init__(self, lower_bound, transform=F.softplus, inv_transform=inv_softplus):
        super().__init__()
        self.register_buffer("lower_bound", torch.as_tensor(float(lower_bound)))
        self._transform = transform
        self._inv_transform = inv_transform

    def transform(self, tensor):
        return self._transform(tensor) + self.lower_bound

    def inverse_transform(self, transformed_tensor):
        return self._inv_transform(transformed_tensor - self.lower_bound)


class Positive(GreaterThan):
    def __init__(self):
        super().__init__(lower_bound=0.0)

import torch


class ZNormalization:
    def __call__(self, tensor):
        mean = tensor.mean()
        std = tensor.std()
        return (tensor - mean) / std


class RandomGamma:
    def __init__(self, log_gamma=(-0.3, 0.3)):
        self.log_gamma_range = log_gamma

    def get_params(self):
        return torch.empty(1).uniform_(*self.log_gamma_range).exp().item()

    def __call__(self, tensor):
        gamma = self.get_params()
        return self.apply_gamma(tensor, gamma)

    @staticmethod
    def apply_gamma(tensor, gamma):
        return tensor.sign() * tensor.abs() ** gamma


class Compose:
    def __init__(self, transforms):
        self.transforms = transforms

    def __call__(self, tensor):
        for t in self.transforms:
            tensor = t(tensor)
        return tensor

import torch
import torch.nn as nn

torch.manual_seed(0)


def z_normalize(tensor):
    return (tensor - tensor.mean()) / tensor.std()


def random_gamma(tensor, log_gamma_range=(-0.3, 0.3)):
    gamma = torch.empty(1).uniform_(*log_gamma_range).exp().item()
    return tensor.sign() * tensor.abs() ** gamma


volume = torch.rand(1, 1, 8, 8, 8) * 1000.0
augmented = random_gamma(z_normalize(volume))
net = nn.Conv3d(1, 2, 3, padding=1)
target = torch.randint(0, 2, (1, 8, 8, 8))
loss = nn.functional.cross_entropy(net(augmented), target)
print("loss", loss.item())

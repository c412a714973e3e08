import torch
from torch.distributions import Normal

torch.manual_seed(0)
mean = torch.randn(4, 2, requires_grad=True)
log_var = torch.randn(4, 2) * 5 - 10
log_var[1, 0] = -240.0
log_var.requires_grad_(True)

std = torch.exp(0.5 * torch.clamp(log_var, min=-15))
q = Normal(mean, std)
z = q.rsample()

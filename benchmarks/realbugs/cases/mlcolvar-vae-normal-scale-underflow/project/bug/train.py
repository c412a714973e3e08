import torch

from loss import elbo_gaussians_loss
from vae import VariationalAutoEncoderCV

torch.manual_seed(0)
model = VariationalAutoEncoderCV(n_in=6, n_cvs=2)
with torch.no_grad():
    model.log_var_nn.bias.fill_(-60.0)
    model.log_var_nn.weight.mul_(80.0)
positions = torch.randn(32, 6) * 3
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
output, mean, log_variance = model(positions)
loss = elbo_gaussians_loss(positions, output, mean, log_variance)
opt.zero_grad()
loss.backward()
print(loss.item())

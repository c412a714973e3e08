# stefanknegt/Probabilistic-Unet-Pytorch#14: the 1x1 conv of the latent-space net outputs log-sigma values
# of +-1000, torch.exp of them is inf or 0. The reporter (torch 1.x, no argument validation) got a NaN KL;
# torch 2.13 validates the Normal's scale and refuses the 0 that exp underflowed to.
import torch
import torch.nn as nn
from torch.distributions import Normal, Independent, kl


class AxisAlignedConvGaussian(nn.Module):
    def __init__(self, input_channels, num_filters, latent_dim):
        super().__init__()
        self.latent_dim = latent_dim
        self.encoder = nn.Sequential(nn.Conv2d(input_channels, num_filters, 3, padding=1), nn.ReLU(inplace=True),
                                     nn.Conv2d(num_filters, num_filters, 3, padding=1), nn.ReLU(inplace=True))
        self.conv_layer = nn.Conv2d(num_filters, 2 * latent_dim, (1, 1), stride=1)

    def forward(self, input, segm=None):
        if segm is not None:
            input = torch.cat((input, segm), dim=1)
        encoding = self.encoder(input)
        encoding = torch.mean(encoding, dim=2, keepdim=True)
        encoding = torch.mean(encoding, dim=3, keepdim=True)
        mu_log_sigma = self.conv_layer(encoding).squeeze(2).squeeze(2)
        mu = mu_log_sigma[:, :self.latent_dim]
        log_sigma = mu_log_sigma[:, self.latent_dim:]
        dist = Independent(Normal(loc=mu, scale=torch.exp(log_sigma)), 1)
        return dist


torch.manual_seed(0)
prior = AxisAlignedConvGaussian(1, 16, 6)
posterior = AxisAlignedConvGaussian(2, 16, 6)
patch = torch.rand(2, 1, 32, 32) * 4000.0   # raw CT intensities, not normalised
segm = (torch.rand(2, 1, 32, 32) > 0.5).float()
prior_latent_space = prior(patch)
posterior_latent_space = posterior(patch, segm)
kl_div = torch.mean(kl.kl_divergence(posterior_latent_space, prior_latent_space))
kl_div.backward()
grad = posterior.conv_layer.weight.grad

import torch
import torch.nn as nn
from torch.distributions import Normal, Independent, kl


class Encoder(nn.Module):
    def __init__(self, input_channels, num_filters, no_convs_per_block):
        super().__init__()
        layers = []
        in_ch = input_channels
        for out_ch in num_filters:
            for _ in range(no_convs_per_block):
                layers.append(nn.Conv2d(in_ch, out_ch, kernel_size=3, padding=1))
                layers.append(nn.ReLU(inplace=True))
                in_ch = out_ch
        self.layers = nn.Sequential(*layers)

    def forward(self, input):
        return self.layers(input)


class AxisAlignedConvGaussian(nn.Module):
    def __init__(self, input_channels, num_filters, no_convs_per_block, latent_dim, posterior=False):
        super().__init__()
        self.input_channels = input_channels + (1 if posterior else 0)
        self.latent_dim = latent_dim
        self.encoder = Encoder(self.input_channels, num_filters, no_convs_per_block)
        self.conv_layer = nn.Conv2d(num_filters[-1], 2 * self.latent_dim, (1, 1), stride=1)

    def forward(self, input, segm=None):
        if segm is not None:
            input = torch.cat((input, segm), dim=1)
        encoding = self.encoder(input)
        encoding = torch.mean(encoding, dim=2, keepdim=True)
        encoding = torch.mean(encoding, dim=3, keepdim=True)
        mu_log_sigma = self.conv_layer(encoding)
        mu_log_sigma = torch.squeeze(mu_log_sigma, dim=2)
        mu_log_sigma = torch.squeeze(mu_log_sigma, dim=2)
        mu = mu_log_sigma[:, :self.latent_dim]
        log_sigma = torch.clamp(mu_log_sigma[:, self.latent_dim:], -10.0, 10.0)
        dist = Independent(Normal(loc=mu, scale=torch.exp(log_sigma)), 1)
        return dist


class ProbabilisticUnet(nn.Module):
    def __init__(self, input_channels=1, num_filters=(16, 16), latent_dim=6, no_convs_per_block=2, beta=10.0):
        super().__init__()
        self.beta = beta
        self.unet = nn.Sequential(nn.Conv2d(input_channels, num_filters[0], 3, padding=1), nn.ReLU(),
                                  nn.Conv2d(num_filters[0], 1, 1))
        self.prior = AxisAlignedConvGaussian(input_channels, list(num_filters), no_convs_per_block, latent_dim)
        self.posterior = AxisAlignedConvGaussian(input_channels, list(num_filters), no_convs_per_block, latent_dim,
                                                 posterior=True)

    def forward(self, patch, segm, training=True):
        if training:
            self.posterior_latent_space = self.posterior.forward(patch, segm)
        self.prior_latent_space = self.prior.forward(patch)
        self.unet_features = self.unet.forward(patch)

    def kl_divergence(self):
        return kl.kl_divergence(self.posterior_latent_space, self.prior_latent_space)

    def elbo(self, segm):
        criterion = nn.BCEWithLogitsLoss(reduction="sum")
        self.kl = torch.mean(self.kl_divergence())
        self.reconstruction = self.unet_features
        self.reconstruction_loss = criterion(input=self.reconstruction, target=segm)
        return -(self.reconstruction_loss + self.beta * self.kl)

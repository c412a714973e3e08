"""Losses: the FactorVAE loss trains its own discriminator inside `call_optimize`."""
import torch
import torch.nn.functional as F
import torch.optim as optim

from disvae.models import Discriminator


def _reconstruction_loss(data, recon_data):
    return F.binary_cross_entropy(recon_data, data, reduction="sum") / data.size(0)


def _kl_normal_loss(mean, logvar):
    return 0.5 * (-1 - logvar + mean.pow(2) + logvar.exp()).mean(dim=0).sum()


def _permute_dims(latent_sample):
    perm = torch.zeros_like(latent_sample)
    batch_size, dim_z = perm.size()
    for z in range(dim_z):
        pi = torch.randperm(batch_size)
        perm[:, z] = latent_sample[pi, z]
    return perm


class FactorKLoss:
    def __init__(self, gamma=10.0, latent_dim=6, optim_kwargs=None):
        self.gamma = gamma
        self.discriminator = Discriminator(latent_dim)
        self.optimizer_d = optim.Adam(self.discriminator.parameters(), **(optim_kwargs or dict(lr=5e-5, betas=(0.5, 0.9))))

    def call_optimize(self, data, model, optimizer, storer):
        half_batch_size = data.size(0) // 2
        data1, data2 = data.split(half_batch_size)

        recon_batch, latent_dist, latent_sample1 = model(data1)
        rec_loss = _reconstruction_loss(data1, recon_batch)
        kl_loss = _kl_normal_loss(*latent_dist)
        d_z = self.discriminator(latent_sample1)
        tc_loss = (d_z[:, 0] - d_z[:, 1]).mean()
        vae_loss = rec_loss + kl_loss + self.gamma * tc_loss
        storer["loss"].append(vae_loss.item())

        # Compute VAE gradients
        optimizer.zero_grad()
        vae_loss.backward(retain_graph=True)

        # Discriminator Loss
        latent_sample2 = model.sample_latent(data2)
        z_perm = _permute_dims(latent_sample2).detach()
        d_z_perm = self.discriminator(z_perm)
        ones = torch.ones(half_batch_size, dtype=torch.long)
        zeros = torch.zeros_like(ones)
        d_tc_loss = 0.5 * (F.cross_entropy(d_z, zeros) + F.cross_entropy(d_z_perm, ones))

        # Compute discriminator gradients
        self.optimizer_d.zero_grad()
        d_tc_loss.backward()
        # Update at the end (since pytorch 1.5. complains if update before)
        optimizer.step()
        self.optimizer_d.step()
        storer["d_tc_loss"].append(d_tc_loss.item())
        return vae_loss

# YannDubs/disentangling-vae#62, fixed as the repository now does ("Update at the end (since
# pytorch 1.5. complains if update before)"): both losses are backpropagated first, then the
# VAE optimizer and the discriminator optimizer step.
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim


class Encoder(nn.Module):
    def __init__(self, img_dim=64, latent_dim=6):
        super().__init__()
        self.lin1 = nn.Linear(img_dim, 32)
        self.mu_logvar = nn.Linear(32, latent_dim * 2)
        self.latent_dim = latent_dim

    def forward(self, x):
        h = torch.relu(self.lin1(x))
        mu, logvar = self.mu_logvar(h).view(-1, self.latent_dim, 2).unbind(-1)
        return mu, logvar


class VAE(nn.Module):
    def __init__(self, img_dim=64, latent_dim=6):
        super().__init__()
        self.encoder = Encoder(img_dim, latent_dim)
        self.decoder = nn.Sequential(nn.Linear(latent_dim, 32), nn.ReLU(), nn.Linear(32, img_dim))

    def reparameterize(self, mean, logvar):
        if self.training:
            return mean + torch.randn_like(mean) * torch.exp(0.5 * logvar)
        return mean

    def forward(self, x):
        latent_dist = self.encoder(x)
        latent_sample = self.reparameterize(*latent_dist)
        return torch.sigmoid(self.decoder(latent_sample)), latent_dist, latent_sample

    def sample_latent(self, x):
        return self.reparameterize(*self.encoder(x))


class Discriminator(nn.Module):
    def __init__(self, latent_dim=6, hidden_units=32):
        super().__init__()
        self.lin1 = nn.Linear(latent_dim, hidden_units)
        self.lin2 = nn.Linear(hidden_units, 2)

    def forward(self, z):
        return self.lin2(F.leaky_relu(self.lin1(z), 0.2))


def _permute_dims(latent_sample):
    perm = torch.zeros_like(latent_sample)
    batch_size, dim_z = perm.size()
    for z in range(dim_z):
        pi = torch.randperm(batch_size)
        perm[:, z] = latent_sample[pi, z]
    return perm


class FactorKLoss:
    def __init__(self, gamma=10.0, latent_dim=6):
        self.gamma = gamma
        self.discriminator = Discriminator(latent_dim)
        self.optimizer_d = optim.Adam(self.discriminator.parameters(), lr=5e-5, betas=(0.5, 0.9))

    def call_optimize(self, data, model, optimizer):
        half_batch_size = data.size(0) // 2
        data1, data2 = data.split(half_batch_size)
        recon_batch, latent_dist, latent_sample1 = model(data1)
        rec_loss = F.binary_cross_entropy(recon_batch, data1, reduction="sum") / half_batch_size
        mean, logvar = latent_dist
        kl_loss = 0.5 * (-1 - logvar + mean.pow(2) + logvar.exp()).mean(dim=0).sum()
        d_z = self.discriminator(latent_sample1)
        tc_loss = (d_z[:, 0] - d_z[:, 1]).mean()
        vae_loss = rec_loss + kl_loss + self.gamma * tc_loss

        optimizer.zero_grad()
        vae_loss.backward(retain_graph=True)

        latent_sample2 = model.sample_latent(data2)
        z_perm = _permute_dims(latent_sample2).detach()
        d_z_perm = self.discriminator(z_perm)
        ones = torch.ones(half_batch_size, dtype=torch.long)
        zeros = torch.zeros_like(ones)
        d_tc_loss = 0.5 * (F.cross_entropy(d_z, zeros) + F.cross_entropy(d_z_perm, ones))
        self.optimizer_d.zero_grad()
        d_tc_loss.backward()
        optimizer.step()
        self.optimizer_d.step()
        return vae_loss, d_tc_loss


torch.manual_seed(0)
model = VAE()
optimizer = optim.Adam(model.parameters(), lr=5e-4)
loss_f = FactorKLoss()
data = torch.rand(8, 64)
vae_loss, d_tc_loss = loss_f.call_optimize(data, model, optimizer)

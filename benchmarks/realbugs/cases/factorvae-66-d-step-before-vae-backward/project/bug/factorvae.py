import torch
import torch.nn.functional as F

from models import FactorVAEDiscriminator, FactorVAEModel, permute_dims


class FactorVAE:
    def __init__(self, z_dim=4, gamma=6.4, lr_G=1e-4, lr_D=1e-4):
        self.model = FactorVAEModel(z_dim=z_dim)
        self.PermD = FactorVAEDiscriminator(z_dim=z_dim)
        self.gamma = gamma
        self.optim_G = torch.optim.Adam(self.model.parameters(), lr=lr_G)
        self.optim_D = torch.optim.Adam(self.PermD.parameters(), lr=lr_D, betas=(0.5, 0.9))

    def loss_fn(self, x):
        x_recon, z, mu, logvar = self.model(x)
        recon = F.mse_loss(x_recon, x, reduction='sum') / x.size(0)
        kld = (-0.5 * (1 + logvar - mu.pow(2) - logvar.exp()).sum(1)).mean()
        factorvae_dz_true = self.PermD(z)
        tc_loss = (factorvae_dz_true[:, 0] - factorvae_dz_true[:, 1]).mean()
        return recon + kld + self.gamma * tc_loss, z

    def train_step(self, x):
        vae_loss, z = self.loss_fn(x)
        zeros = torch.zeros(x.size(0), dtype=torch.long)
        ones = torch.ones(x.size(0), dtype=torch.long)
        z_perm = permute_dims(z.detach())
        tc_loss_D = 0.5 * (F.cross_entropy(self.PermD(z.detach()), zeros)
                           + F.cross_entropy(self.PermD(z_perm), ones))
        self.optim_D.zero_grad()
        tc_loss_D.backward()
        self.optim_D.step()
        self.optim_G.zero_grad()
        vae_loss.backward()
        self.optim_G.step()
        return vae_loss, tc_loss_D

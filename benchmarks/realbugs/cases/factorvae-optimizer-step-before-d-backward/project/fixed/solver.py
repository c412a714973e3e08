import torch
import torch.nn.functional as F
import torch.optim as optim

from model import Discriminator, FactorVAE
from ops import kl_divergence, permute_dims, recon_loss


class Solver(object):
    def __init__(self, args):
        self.device = "cpu"
        self.max_iter = args["max_iter"]
        self.batch_size = args["batch_size"]
        self.z_dim = args["z_dim"]
        self.gamma = args["gamma"]
        self.VAE = FactorVAE(self.z_dim).to(self.device)
        self.optim_VAE = optim.Adam(self.VAE.parameters(), lr=args["lr_VAE"], betas=(0.9, 0.999))
        self.D = Discriminator(self.z_dim).to(self.device)
        self.optim_D = optim.Adam(self.D.parameters(), lr=args["lr_D"], betas=(0.5, 0.9))
        self.data = args["data"]

    def batches(self):
        n = self.data.size(0)
        while True:
            idx1 = torch.randint(0, n, (self.batch_size,))
            idx2 = torch.randint(0, n, (self.batch_size,))
            yield self.data[idx1], self.data[idx2]

    def train(self):
        ones = torch.ones(self.batch_size, dtype=torch.long, device=self.device)
        zeros = torch.zeros(self.batch_size, dtype=torch.long, device=self.device)
        self.history = []
        for step, (x_true1, x_true2) in zip(range(self.max_iter), self.batches()):
            x_recon, mu, logvar, z = self.VAE(x_true1)
            vae_recon_loss = recon_loss(x_true1, x_recon)
            vae_kld = kl_divergence(mu, logvar)

            D_z = self.D(z)
            vae_tc_loss = (D_z[:, :1] - D_z[:, 1:]).mean()

            vae_loss = vae_recon_loss + vae_kld + self.gamma * vae_tc_loss

            self.optim_VAE.zero_grad()
            vae_loss.backward(retain_graph=True)
            self.optim_VAE.step()

            z_prime = self.VAE(x_true2, no_dec=True)
            z_pperm = permute_dims(z_prime).detach()
            D_z_pperm = self.D(z_pperm)
            D_z = self.D(z.detach())
            D_tc_loss = 0.5 * (F.cross_entropy(D_z, zeros) + F.cross_entropy(D_z_pperm, ones))

            self.optim_D.zero_grad()
            D_tc_loss.backward()
            self.optim_D.step()
            self.history.append((vae_loss.item(), D_tc_loss.item()))
        return vae_loss, D_tc_loss

"""GAN objectives."""
import torch
import torch.nn.functional as F


def loss_nonsaturating_d(d, g, x_real, *, device):
    """Discriminator loss on real data and on detached generator samples."""
    z = torch.randn(x_real.shape[0], g.z_dim, device=device)
    gz = g(z).detach()
    return -F.logsigmoid(d(x_real)).mean() - F.logsigmoid(-d(gz)).mean()


def loss_nonsaturating_g(d, g, batch_size, *, device):
    """Non-saturating generator loss, from a fresh pass through the current d."""
    z = torch.randn(batch_size, g.z_dim, device=device)
    return -F.logsigmoid(d(g(z))).mean()

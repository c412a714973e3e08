"""GAN objectives."""
import torch
import torch.nn.functional as F


def loss_nonsaturating(d, g, x_real, *, device):
    """Discriminator and non-saturating generator losses from one pass through d."""
    z = torch.randn(x_real.shape[0], g.z_dim, device=device)
    gz = g(z)
    d_gz = d(gz)
    dx = d(x_real)
    d_loss = -F.logsigmoid(dx).mean() - F.logsigmoid(-d_gz).mean()
    g_loss = -F.logsigmoid(d_gz).mean()
    return d_loss, g_loss

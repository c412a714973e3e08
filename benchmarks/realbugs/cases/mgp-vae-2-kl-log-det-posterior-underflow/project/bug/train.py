import torch
import torch.nn.functional as F

from networks import Decoder, Encoder
from setup_priors import setup_pz

def KL_loss_L1(sigma_p_inv, sigma_q, mu_q, mu_p, det_p, det_q):
    l1 = torch.einsum("kij,mkji->mk", sigma_p_inv, sigma_q)
    l2 = torch.einsum("mki,mki->mk", mu_p - mu_q, torch.einsum("kij,mkj->mki", sigma_p_inv, mu_p - mu_q))
    loss = torch.sum(l1 + l2 + torch.log(det_p) - torch.log(det_q), dim=1)
    return loss


torch.manual_seed(0)

NUM_FRAMES, NUM_FEA, FEA_DIM, BATCH_SIZE = 8, 2, 2, 4
NDIM = NUM_FEA * FEA_DIM
encoder, decoder = Encoder(NDIM, NUM_FRAMES), Decoder(NDIM)
with torch.no_grad():
    encoder.logvar.bias.fill_(-13.0)
sigma_p_inv, det_p = setup_pz(NUM_FEA, FEA_DIM, NUM_FRAMES)
optimizer = torch.optim.Adam(list(encoder.parameters()) + list(decoder.parameters()), lr=1e-3)

video = torch.randn(BATCH_SIZE, NUM_FRAMES, 64)
mu_q, sigma_q, det_q = encoder(video)
z = mu_q + torch.sqrt(torch.diagonal(sigma_q, dim1=-2, dim2=-1)) * torch.randn_like(mu_q)
recon = decoder(z)
mu_p = torch.zeros_like(mu_q)
kl_loss = KL_loss_L1(sigma_p_inv, sigma_q, mu_q, mu_p, det_p, det_q).mean()
loss = F.mse_loss(recon, video) + 0.1 * kl_loss
optimizer.zero_grad()
loss.backward()
optimizer.step()

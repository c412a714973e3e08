# Ali-Meh619/MHGphormer#1: torch.linalg.inv(de + 1e-7 * I_r) raises "input matrix is singular" for a zero interference matrix.
import torch

torch.manual_seed(0)
b, s, i, u, r = 4, 1, 2, 2, 2  # batch, samples, IRS configs, users, receive antennas

H = torch.randn(b, s, i, u, r, 2, dtype=torch.complex64)
nu = torch.einsum('bsiurk,bsiutk->bsiurt', H, H.conj())  # desired-signal covariance
G = torch.randn(b, s, i, u, r, 2, dtype=torch.complex64)
G[0] = 0  # no interfering users in this sample
de = torch.einsum('bsiurk,bsiutk->bsiurt', G, G.conj())  # interference covariance
I_r = torch.eye(r, dtype=torch.complex64)

rate_f = torch.log2(torch.linalg.det(I_r + torch.einsum('bsiurt,bsiutp->bsiurp', nu, torch.linalg.inv(de + 1e-7 * I_r))).real)
rate = rate_f.mean()

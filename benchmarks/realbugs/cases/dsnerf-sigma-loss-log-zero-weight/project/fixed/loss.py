import torch
import torch.nn.functional as F


def raw2alpha(raw, dists):
    return 1.0 - torch.exp(-F.relu(raw) * dists)


class SigmaLoss:
    def __init__(self, N_samples, near, far):
        self.N_samples = N_samples
        self.near = near
        self.far = far

    def calculate_loss(self, rays_o, rays_d, depths, err, network):
        t_vals = torch.linspace(0.0, 1.0, steps=self.N_samples)
        z_vals = self.near * (1.0 - t_vals) + self.far * t_vals
        z_vals = z_vals.expand([rays_o.shape[0], self.N_samples])
        pts = rays_o[..., None, :] + rays_d[..., None, :] * z_vals[..., :, None]
        raw = network(pts)

        dists = z_vals[..., 1:] - z_vals[..., :-1]
        dists = torch.cat([dists, torch.tensor([1e10]).expand(dists[..., :1].shape)], -1)
        dists = dists * torch.norm(rays_d[..., None, :], dim=-1)

        alpha = raw2alpha(raw[..., 3], dists)
        weights = alpha * torch.cumprod(torch.cat([torch.ones((alpha.shape[0], 1)), 1.0 - alpha + 1e-10], -1), -1)[:, :-1]
        loss = -torch.log(weights + 1e-5) * torch.exp(-(z_vals - depths[:, None]) ** 2 / (2 * err)) * dists
        loss = torch.sum(loss, dim=1)
        return loss

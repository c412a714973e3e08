import math

import torch
import torch.distributions as torchdist


def ade(predAll, targetAll):
    return torch.mean(torch.norm(predAll - targetAll, dim=-1)).item()


def bivariate_params(V_pred):
    sx = torch.exp(V_pred[:, :, 2])
    sy = torch.exp(V_pred[:, :, 3])
    corr = torch.tanh(V_pred[:, :, 4])
    return V_pred[:, :, 0:2], sx, sy, corr


def bivariate_sampler(V_pred):
    mean, sx, sy, corr = bivariate_params(V_pred)
    cov = torch.zeros(V_pred.shape[0], V_pred.shape[1], 2, 2)
    cov[:, :, 0, 0] = sx * sx
    cov[:, :, 0, 1] = corr * sx * sy
    cov[:, :, 1, 0] = corr * sx * sy
    cov[:, :, 1, 1] = sy * sy
    return torchdist.MultivariateNormal(mean, cov)


def bivariate_loss(V_pred, V_trgt):
    mean, sx, sy, corr = bivariate_params(V_pred)
    normx = V_trgt[:, :, 0] - mean[:, :, 0]
    normy = V_trgt[:, :, 1] - mean[:, :, 1]
    sxsy = sx * sy
    z = (normx / sx) ** 2 + (normy / sy) ** 2 - 2 * ((corr * normx * normy) / sxsy)
    negRho = 1 - corr ** 2
    result = torch.exp(-z / (2 * negRho)) / (2 * math.pi * (sxsy * torch.sqrt(negRho)))
    return torch.mean(-torch.log(torch.clamp(result, min=1e-20)))

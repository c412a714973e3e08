import math
from math import pi

import torch

from dists.special import log_I1


class SineBivariateVonMises:
    r"""Unimodal distribution of two dependent angles on the 2-torus (S^1 x S^1) given by

    .. math::
        C^{-1}\exp(\kappa_1\cos(x-\mu_1) + \kappa_2\cos(x_2 -\mu_2) + \rho\sin(x_1 - \mu_1)\sin(x_2 - \mu_2))

    :param torch.Tensor phi_loc: location of first angle
    :param torch.Tensor psi_loc: location of second angle
    :param torch.Tensor phi_concentration: concentration of first angle
    :param torch.Tensor psi_concentration: concentration of second angle
    :param torch.Tensor correlation: correlation between the two angles
    """

    def __init__(self, phi_loc, psi_loc, phi_concentration, psi_concentration, correlation=None, weighted_correlation=None):
        assert (correlation is None) != (weighted_correlation is None)

        if weighted_correlation is not None:
            sqrt_ = torch.sqrt if isinstance(phi_concentration, torch.Tensor) else math.sqrt
            correlation = weighted_correlation * sqrt_(phi_concentration * psi_concentration)

        phi_loc, psi_loc, phi_concentration, psi_concentration, correlation = torch.broadcast_tensors(
            *[torch.as_tensor(v, dtype=torch.float) for v in (phi_loc, psi_loc, phi_concentration, psi_concentration, correlation)]
        )
        self.phi_loc = phi_loc
        self.psi_loc = psi_loc
        self.phi_concentration = phi_concentration
        self.psi_concentration = psi_concentration
        self.correlation = correlation

    @property
    def norm_const(self):
        corr = self.correlation.view(1, -1)
        conc = torch.stack((self.phi_concentration, self.psi_concentration), dim=-1).view(-1, 2)
        m = torch.arange(50, device=self.phi_loc.device).view(-1, 1)
        tiny = torch.finfo(corr.dtype).tiny
        fs = (
            SineBivariateVonMises._lbinoms(m.max() + 1).view(-1, 1)
            + m * torch.log((corr**2).clamp(min=tiny))
            - m * torch.log(4 * torch.prod(conc, dim=-1))
        )
        fs += log_I1(m.max(), conc, 51).sum(-1)
        mfs = fs.max()
        norm_const = 2 * torch.log(torch.tensor(2 * pi)) + mfs + (fs - mfs).logsumexp(0)
        return norm_const.reshape(self.phi_loc.shape)

    def log_prob(self, value):
        indv = self.phi_concentration * torch.cos(value[..., 0] - self.phi_loc) + self.psi_concentration * torch.cos(
            value[..., 1] - self.psi_loc
        )
        corr = self.correlation * torch.sin(value[..., 0] - self.phi_loc) * torch.sin(value[..., 1] - self.psi_loc)
        return indv + corr - self.norm_const

    @staticmethod
    def _lbinoms(n):
        ns = torch.arange(n, device=n.device)
        num = torch.lgamma(2 * ns + 1)
        den = torch.lgamma(ns + 1)
        return num - 2 * den

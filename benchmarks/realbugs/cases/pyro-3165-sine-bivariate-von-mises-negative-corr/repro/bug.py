import math
from math import pi

import torch


def log_I1(orders: int, value: torch.Tensor, terms=250):
    r"""Compute first n log modified bessel function of first kind
    .. math ::

        \log(I_v(z)) = v*\log(z/2) + \log(\sum_{k=0}^\inf \exp\left[2*k*\log(z/2) - \sum_kk^k log(kk)
        - \lgamma(v + k + 1)\right])

    :param orders: orders of the log modified bessel function.
    :param value: values to compute modified bessel function for
    :param terms: truncation of summation
    :return: 0 to orders modified bessel function
    """
    orders = orders + 1
    if len(value.size()) == 0:
        vshape = torch.Size([1])
    else:
        vshape = value.shape
    value = value.reshape(-1, 1)

    k = torch.arange(terms, device=value.device)
    lgammas_all = torch.lgamma(torch.arange(1, terms + orders + 1, device=value.device))
    assert lgammas_all.shape == (orders + terms,)  # lgamma(0) = inf => start from 1

    lvalues = torch.log(value / 2) * k.view(1, -1)
    assert lvalues.shape == (vshape.numel(), terms)

    lfactorials = lgammas_all[:terms]
    assert lfactorials.shape == (terms,)

    lgammas = lgammas_all.repeat(orders).view(orders, -1)
    assert lgammas.shape == (orders, terms + orders)  # lgamma(0) = inf => start from 1

    indices = k[:orders].view(-1, 1) + k.view(1, -1)
    assert indices.shape == (orders, terms)

    seqs = (
        2 * lvalues[None, :, :]
        - lfactorials[None, None, :]
        - lgammas.gather(1, indices)[:, None, :]
    ).logsumexp(-1)
    assert seqs.shape == (orders, vshape.numel())

    i1s = lvalues[..., :orders].T + seqs
    assert i1s.shape == (orders, vshape.numel())
    return i1s.view(-1, *vshape)


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
            correlation = weighted_correlation * sqrt_(phi_concentration * psi_concentration) + 1e-8

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
        corr = self.correlation.view(1, -1) + 1e-8
        conc = torch.stack((self.phi_concentration, self.psi_concentration), dim=-1).view(-1, 2)
        m = torch.arange(50, device=self.phi_loc.device).view(-1, 1)
        fs = (
            SineBivariateVonMises._lbinoms(m.max() + 1).view(-1, 1)
            + 2 * m * torch.log(corr)
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

torch.manual_seed(0)

# backbone dihedral angles (phi, psi) of a helix-rich protein: the two angles vary in opposite directions
phi = -1.1 + 0.3 * torch.randn(300)
psi = -0.7 - 0.6 * (phi + 1.1) + 0.2 * torch.randn(300)
angles = torch.stack([phi, psi], dim=-1)

phi_loc = torch.nn.Parameter(torch.tensor(-1.0))
psi_loc = torch.nn.Parameter(torch.tensor(-0.6))
log_phi_conc = torch.nn.Parameter(torch.tensor(math.log(10.0)))
log_psi_conc = torch.nn.Parameter(torch.tensor(math.log(20.0)))
corr = torch.nn.Parameter(torch.tensor(-3.0))
optimizer = torch.optim.Adam([phi_loc, psi_loc, log_phi_conc, log_psi_conc, corr], lr=0.05)

dist = SineBivariateVonMises(phi_loc, psi_loc, log_phi_conc.exp(), log_psi_conc.exp(), correlation=corr)
nll = -dist.log_prob(angles).mean()
optimizer.zero_grad()
nll.backward()
optimizer.step()

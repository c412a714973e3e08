import math

import torch


class GaussianMixture(torch.nn.Module):
    def __init__(self, n_components, n_features, eps=1e-6):
        super().__init__()
        self.n_components = n_components
        self.n_features = n_features
        self.eps = eps
        self.mu = torch.zeros(n_components, n_features)
        self.var = torch.eye(n_features).repeat(n_components, 1, 1)
        self.pi = torch.full((n_components,), 1.0 / n_components)

    def _calculate_log_det(self, var):
        log_det = torch.empty(self.n_components)
        for k in range(self.n_components):
            log_det[k] = 2 * torch.log(torch.diagonal(torch.linalg.cholesky(var[k]))).sum()
        return log_det

    def _estimate_log_prob(self, x):
        log_det = self._calculate_log_det(self.var)
        precision = torch.inverse(self.var)
        diff = x[:, None, :] - self.mu[None]
        maha = torch.einsum('nki,kij,nkj->nk', diff, precision, diff)
        return -.5 * (self.n_features * math.log(2. * math.pi) + log_det[None] + maha)

    def _m_step(self, x, resp):
        nk = resp.sum(0) + self.eps
        self.mu = resp.t() @ x / nk[:, None]
        diff = x[:, None, :] - self.mu[None]
        self.var = torch.einsum('nk,nki,nkj->kij', resp, diff, diff) / nk[:, None, None] + self.eps * torch.eye(self.n_features)
        self.pi = nk / x.shape[0]

    def score_samples(self, x):
        return torch.logsumexp(self._estimate_log_prob(x) + torch.log(self.pi)[None], dim=1)

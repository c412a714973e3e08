import torch
from cholesky import psd_cholesky


class qExpectedImprovement:
    def __init__(self, model, best_f, num_samples=64):
        self.model = model
        self.best_f = best_f
        self.base_samples = torch.randn(num_samples, 1)

    def __call__(self, X):
        mean, cov = self.model.posterior(X)
        L = psd_cholesky(cov)
        base = torch.randn(self.base_samples.shape[0], X.shape[0], generator=torch.Generator().manual_seed(0))
        samples = mean + base @ L.transpose(0, 1)
        improvement = (samples - self.best_f).clamp(min=0).max(dim=-1).values
        return improvement.mean()

import torch

from gmm import GaussianMixture

torch.manual_seed(0)
patch = torch.rand(40, 3)
patch[20:] = patch[20]
resp = torch.zeros(40, 2)
resp[:20, 0] = 1.0
resp[20:, 1] = 1.0

model = GaussianMixture(n_components=2, n_features=3)
model._m_step(patch, resp)
log_prob = model.score_samples(patch)
print(log_prob.mean().item())

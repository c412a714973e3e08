import torch

from sbi_utils.metrics import c2st

torch.manual_seed(0)

num_samples = 50
# the second simulator parameter is pinned by the prior (a fixed nuisance value)
reference_samples = torch.stack([torch.randn(num_samples) * 0.5 + 1.0, torch.full((num_samples,), 0.3)], dim=1)
posterior_samples = torch.stack([torch.randn(num_samples) * 0.6 + 1.1, torch.full((num_samples,), 0.3)], dim=1)

accuracy, classifiers = c2st(posterior_samples, reference_samples)
clf_weight = classifiers[0].weight

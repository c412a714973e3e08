# WenjieDu/PyPOTS#265: the non-stationary normalization of TimesNet divides by the number of observed
# steps of each feature; with a high missing rate a feature has none, and its mean is 0 / 0 = NaN.
import torch
import torch.nn as nn

torch.manual_seed(0)
n_steps, n_features = 12, 3
X = torch.randn(2, n_steps, n_features)
masks = (torch.rand(2, n_steps, n_features) > 0.8).float()
masks[1, :, 2] = 0.0                  # feature 2 of sample 1 is never observed
X = X * masks                         # missing values are filled with 0
projection = nn.Linear(n_features, n_features)

means = torch.sum(X, dim=1) / torch.sum(masks == 1, dim=1)
means = means.unsqueeze(1).detach()
x_enc = X - means
x_enc = x_enc.masked_fill(masks == 0, 0)
stdev = torch.sqrt(torch.sum(x_enc * x_enc, dim=1) / torch.sum(masks == 1, dim=1) + 1e-5)
stdev = stdev.unsqueeze(1).detach()
x_enc /= stdev
dec_out = projection(x_enc) * stdev + means
loss = torch.mean((dec_out - X) ** 2)
loss.backward()
grad = projection.weight.grad

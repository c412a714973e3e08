import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
prior_pi, prior_sigma_1, prior_sigma_2 = 1.0, 0.1, 0.4
normal1 = torch.distributions.Normal(0, prior_sigma_1)
normal2 = torch.distributions.Normal(0, prior_sigma_2)

# posterior means taken from a trained deterministic layer: some weights sit near 1.45
weight_mu = nn.Parameter(torch.tensor([[1.4537, -0.3], [0.2, 0.9]]))
weight_rho = nn.Parameter(torch.full((2, 2), -7.0))
optimizer = torch.optim.Adam([weight_mu, weight_rho], lr=1e-3)

x = torch.randn(8, 2)
y = torch.randn(8, 2)

sigma = torch.log1p(torch.exp(weight_rho))
w = weight_mu + sigma * torch.randn_like(sigma)
log_posterior = (-0.5 * torch.log(2 * torch.tensor(torch.pi)) - torch.log(sigma)
                 - (w - weight_mu) ** 2 / (2 * sigma ** 2)).mean()
prob_n1 = torch.exp(normal1.log_prob(w))
prob_n2 = torch.exp(normal2.log_prob(w))
prior_pdf = prior_pi * prob_n1 + (1 - prior_pi) * prob_n2
log_prior = torch.log(prior_pdf).mean()
kl = log_posterior - log_prior
loss = F.mse_loss(F.linear(x, w), y) + kl / 8
optimizer.zero_grad()
loss.backward()
optimizer.step()
print(prob_n1, log_prior.item(), loss.item())

# https://github.com/mllam/neural-lam/pull/537 -- fixed as in the PR: the predicted std is clamped to at least 1e-6.
import torch

torch.manual_seed(0)
d_state = 3
head = torch.nn.Linear(4, 2 * d_state)
grid_features = torch.randn(10, 4)
grid_features[7, 3] = 2900.0               # unnormalised orography (metres) at a mountain node
target = torch.randn(10, d_state)

net_output = head(grid_features)
pred, pred_std_raw = net_output.chunk(2, dim=-1)
pred_std = torch.nn.functional.softplus(pred_std_raw).clamp(min=1e-6)

std_normal = torch.distributions.Normal(torch.zeros(()), torch.ones(()))
target_standard = (target - pred) / pred_std
entry_crps = -pred_std * (torch.pi ** (-0.5) - 2 * torch.exp(std_normal.log_prob(target_standard))
                          - target_standard * (2 * std_normal.cdf(target_standard) - 1))
loss = entry_crps.sum(dim=-1).mean()
loss.backward()

# mixture-density-network PR #4 fixed: use pi.logits (already log-normalized) instead of torch.log(pi.probs).
import torch
import torch.nn as nn
from torch.distributions import Normal, OneHotCategorical

torch.manual_seed(0)


class MixtureDiagNormalNetwork(nn.Module):
    def __init__(self, in_dim, out_dim, n_components, hidden_dim=None):
        super().__init__()
        self.n_components = n_components
        hidden_dim = hidden_dim or in_dim
        self.network = nn.Sequential(nn.Linear(in_dim, hidden_dim), nn.ELU(), nn.Linear(hidden_dim, 2 * out_dim * n_components))

    def forward(self, x):
        params = self.network(x)
        mean, sd = torch.split(params, params.shape[1] // 2, dim=1)
        mean = torch.stack(mean.split(mean.shape[1] // self.n_components, 1))
        sd = torch.stack(sd.split(sd.shape[1] // self.n_components, 1))
        return Normal(mean.transpose(0, 1), torch.exp(sd).transpose(0, 1))


class CategoricalNetwork(nn.Module):
    def __init__(self, in_dim, out_dim, hidden_dim=None):
        super().__init__()
        hidden_dim = hidden_dim or in_dim
        self.network = nn.Sequential(nn.Linear(in_dim, hidden_dim), nn.ELU(), nn.Linear(hidden_dim, out_dim))

    def forward(self, x):
        return OneHotCategorical(logits=self.network(x))


class MixtureDensityNetwork(nn.Module):
    def __init__(self, dim_in, dim_out, n_components):
        super().__init__()
        self.pi_network = CategoricalNetwork(dim_in, n_components)
        self.normal_network = MixtureDiagNormalNetwork(dim_in, dim_out, n_components)

    def forward(self, x):
        return self.pi_network(x), self.normal_network(x)

    def loss(self, x, y):
        pi, normal = self.forward(x)
        loglik = normal.log_prob(y.unsqueeze(1).expand_as(normal.loc))
        loglik = torch.sum(loglik, dim=2)
        loss = -torch.logsumexp(pi.logits + loglik, dim=1)
        return loss


model = MixtureDensityNetwork(dim_in=3, dim_out=2, n_components=4)
with torch.no_grad():
    model.pi_network.network[2].bias.copy_(torch.tensor([0.0, 0.0, 0.0, -150.0]))  # a component the model switched off
x = torch.randn(32, 3)
y = torch.randn(32, 2)
loss = model.loss(x, y).mean()
loss.backward()
grad = model.pi_network.network[2].weight.grad

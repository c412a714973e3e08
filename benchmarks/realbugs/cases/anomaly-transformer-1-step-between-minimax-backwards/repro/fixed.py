# thuml/Anomaly-Transformer#1, fixed as the thread says: both backwards first, then one step.
import torch
import torch.nn as nn
import torch.nn.functional as F


def my_kl_loss(p, q):
    res = p * (torch.log(p + 0.0001) - torch.log(q + 0.0001))
    return torch.mean(torch.sum(res, dim=-1), dim=1)


class AnomalyAttention(nn.Module):
    def __init__(self, win_size, d_model):
        super().__init__()
        self.q = nn.Linear(d_model, d_model)
        self.k = nn.Linear(d_model, d_model)
        self.sigma = nn.Linear(d_model, 1)
        dist = torch.arange(win_size).float()
        self.distances = (dist[:, None] - dist[None, :]).abs()

    def forward(self, x):
        scores = self.q(x) @ self.k(x).transpose(1, 2) / x.shape[-1] ** 0.5
        series = torch.softmax(scores, dim=-1)
        sigma = torch.sigmoid(self.sigma(x) * 5) + 1e-5
        sigma = torch.pow(3, sigma) - 1
        prior = 1.0 / (2.5066 * sigma) * torch.exp(-self.distances ** 2 / 2 / sigma ** 2)
        return series @ x, series, prior


torch.manual_seed(0)
win_size, d_model, k = 16, 8, 3.0
attn = AnomalyAttention(win_size, d_model)
proj = nn.Linear(d_model, d_model)
optimizer = torch.optim.Adam(list(attn.parameters()) + list(proj.parameters()), lr=1e-4)
criterion = nn.MSELoss()

input = torch.randn(4, win_size, d_model)
optimizer.zero_grad()
out, series, prior = attn(input)
output = proj(out)
prior = prior / torch.sum(prior, dim=-1, keepdim=True)
series_loss = torch.mean(my_kl_loss(series, prior.detach())) + torch.mean(my_kl_loss(prior.detach(), series))
prior_loss = torch.mean(my_kl_loss(prior, series.detach())) + torch.mean(my_kl_loss(series.detach(), prior))
rec_loss = criterion(output, input)
loss1 = rec_loss - k * series_loss
loss2 = rec_loss + k * prior_loss

# Minimax strategy
loss1.backward(retain_graph=True)
loss2.backward()
optimizer.step()

import torch
import torch.nn as nn


class AnomalyAttention(nn.Module):
    def __init__(self, win_size, d_model):
        super().__init__()
        self.query_projection = nn.Linear(d_model, d_model)
        self.key_projection = nn.Linear(d_model, d_model)
        self.sigma_projection = nn.Linear(d_model, 1)
        dist = torch.arange(win_size).float()
        self.distances = (dist[:, None] - dist[None, :]).abs()

    def forward(self, x):
        scores = self.query_projection(x) @ self.key_projection(x).transpose(1, 2) / x.shape[-1] ** 0.5
        series = torch.softmax(scores, dim=-1)
        sigma = torch.sigmoid(self.sigma_projection(x) * 5) + 1e-5
        sigma = torch.pow(3, sigma) - 1
        prior = 1.0 / (2.5066 * sigma) * torch.exp(-self.distances ** 2 / 2 / sigma ** 2)
        return series @ x, series, prior


class AnomalyTransformer(nn.Module):
    def __init__(self, win_size, enc_in, c_out, d_model=8, e_layers=2):
        super().__init__()
        self.embedding = nn.Linear(enc_in, d_model)
        self.layers = nn.ModuleList([AnomalyAttention(win_size, d_model) for _ in range(e_layers)])
        self.projection = nn.Linear(d_model, c_out)

    def forward(self, x):
        enc_out = self.embedding(x)
        series_list, prior_list = [], []
        for layer in self.layers:
            enc_out, series, prior = layer(enc_out)
            series_list.append(series)
            prior_list.append(prior)
        return self.projection(enc_out), series_list, prior_list

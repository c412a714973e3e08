import torch
import torch.nn as nn
import torch.nn.functional as F

from noise_schedule import MarginalUniformTransition, PredefinedNoiseScheduleDiscrete


class DiscreteDenoisingDiffusion(nn.Module):
    def __init__(self, x_marginals, T=50, hidden=32):
        super().__init__()
        self.T = T
        self.Xdim = len(x_marginals)
        self.noise_schedule = PredefinedNoiseScheduleDiscrete(T)
        self.transition_model = MarginalUniformTransition(x_marginals)
        self.limit_dist = x_marginals
        self.net = nn.Sequential(nn.Linear(self.Xdim + 1, hidden), nn.ReLU(), nn.Linear(hidden, self.Xdim))

    def kl_prior(self, X, node_mask):
        ones = torch.ones((X.size(0), 1))
        Ts = self.T * ones
        alpha_t_bar = self.noise_schedule.get_alpha_bar(t_int=Ts.long().squeeze(1))
        Qtb = self.transition_model.get_Qt_bar(alpha_t_bar)
        probX = X @ Qtb
        limit_X = self.limit_dist[None, None, :].expand(X.size(0), X.size(1), -1)
        kl_distance_X = F.kl_div(input=(probX + 1e-7).log(), target=limit_X, reduction="none")
        return (kl_distance_X * node_mask.unsqueeze(-1)).sum()

    def forward(self, X, node_mask):
        t = torch.randint(1, self.T + 1, (X.size(0), 1)).float()
        alpha_t_bar = self.noise_schedule.get_alpha_bar(t.long().squeeze(1))
        Qtb = self.transition_model.get_Qt_bar(alpha_t_bar)
        probX = X @ Qtb
        X_t = F.one_hot(torch.multinomial(probX.reshape(-1, self.Xdim), 1).squeeze(1), self.Xdim).float().view_as(X)
        pred = self.net(torch.cat([X_t, (t / self.T).unsqueeze(1).expand(-1, X.size(1), 1)], dim=-1))
        loss_ce = F.cross_entropy(pred.reshape(-1, self.Xdim), X.argmax(-1).reshape(-1))
        return loss_ce

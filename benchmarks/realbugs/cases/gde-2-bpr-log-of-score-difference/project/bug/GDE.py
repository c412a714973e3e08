import torch
import torch.nn as nn


class GDE(nn.Module):
    def __init__(self, user_size, item_size, beta=5.0, feature_type="smoothed", drop_out=0.1, latent_size=16, reg=0.01):
        super().__init__()
        self.user_embed = nn.Parameter(torch.randn(user_size, latent_size) * 0.1)
        self.item_embed = nn.Parameter(torch.randn(item_size, latent_size) * 0.1)
        self.user_filter = nn.Parameter(torch.ones(latent_size))
        self.item_filter = nn.Parameter(torch.ones(latent_size))
        self.reg = reg
        self.dropout = nn.Dropout(drop_out)

    def forward(self, u, p, n, loss_type="bpr"):
        final_user = self.dropout(self.user_embed[u] * self.user_filter)
        final_pos = self.dropout(self.item_embed[p] * self.item_filter)
        final_nega = self.dropout(self.item_embed[n] * self.item_filter)
        if loss_type == "adaptive":
            res_nega = (final_user * final_nega).sum(1)
            nega_weight = (1 - (1 - res_nega.sigmoid().clamp(max=0.99)).log10()).detach()
            out = ((final_user * final_pos).sum(1) - nega_weight * res_nega).sigmoid()
        else:
            out = (final_user * final_pos).sum(1) - (final_user * final_nega).sum(1)
        reg_term = self.reg * (final_user ** 2 + final_pos ** 2 + final_nega ** 2).sum()
        return (-torch.log(out).sum() + reg_term) / u.size(0)

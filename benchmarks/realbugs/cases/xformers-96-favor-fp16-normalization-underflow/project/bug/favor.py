import torch
import torch.nn as nn

from feature_maps import SMReg


class FavorAttention(nn.Module):
    def __init__(self, dim_head, dim_features=64):
        super().__init__()
        self.feature_map_query = SMReg(dim_features, dim_head)
        self.feature_map_key = self.feature_map_query

    def forward(self, q, k, v):
        k_prime = self.feature_map_key(k)
        q_prime = self.feature_map_query(q)
        att_normalization = q_prime @ (k_prime.transpose(-2, -1) @ torch.ones_like(v))
        att_raw = q_prime @ (k_prime.transpose(-2, -1) @ v)
        att = att_raw / att_normalization
        return att

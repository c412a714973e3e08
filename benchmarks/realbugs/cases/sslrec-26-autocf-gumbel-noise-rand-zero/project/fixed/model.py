import torch as t
import torch.nn as nn


class AutoCF(nn.Module):
    def __init__(self, user_num, item_num, dim):
        super().__init__()
        self.user_num = user_num
        self.embeds = nn.Parameter(t.randn(user_num + item_num, dim) * 0.1)

    def get_ego_embeds(self):
        return self.embeds

    def bpr_loss(self, ancs, poss, negs):
        u = self.embeds[ancs]
        p = self.embeds[self.user_num + poss]
        n = self.embeds[self.user_num + negs]
        return -t.log(t.sigmoid((u * p).sum(-1) - (u * n).sum(-1)) + 1e-8).mean()

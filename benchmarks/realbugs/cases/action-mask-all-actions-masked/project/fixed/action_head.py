import numpy as np
import torch
from torch import nn
from torch.distributions.categorical import Categorical


def layer_init(layer, std=np.sqrt(2), bias_const=0.0):
    torch.nn.init.orthogonal_(layer.weight, std)
    torch.nn.init.constant_(layer.bias, bias_const)
    return layer


class CategoricalActionHead(nn.Module):
    def __init__(self, d_model, n_choice):
        super().__init__()
        self.proj = layer_init(nn.Linear(d_model, n_choice), std=0.01)

    def forward(self, actor_embeds, mask, prev_actions=None):
        logits = self.proj(actor_embeds)
        if mask is not None:
            logits = logits.masked_fill(mask == 0, -float("inf"))
        dist = Categorical(logits=logits)
        action = dist.sample() if prev_actions is None else prev_actions
        logprob = dist.log_prob(action)
        entropy = dist.entropy()
        return action, logprob, entropy

# torchrl PR #1750: discrete SAC actor loss uses log_prob = dist.logits; with a masked categorical that is -inf, prob * -inf = NaN.
import torch
import torch.nn as nn
from torch.distributions import Categorical

torch.manual_seed(0)


class MaskedCategorical(Categorical):
    def __init__(self, logits, mask):
        super().__init__(logits=logits.masked_fill(~mask, float("-inf")))


class DiscreteSACLoss:
    def __init__(self, actor, qvalue, alpha=0.2):
        self.actor, self.qvalue, self._alpha = actor, qvalue, alpha

    def _actor_loss(self, obs, mask):
        dist = MaskedCategorical(self.actor(obs), mask)
        prob = dist.probs
        log_prob = dist.logits
        min_q = self.qvalue(obs).detach()
        loss = self._alpha * log_prob - min_q
        return (prob * loss).sum(-1).mean()


n_actions = 11
actor = nn.Linear(6, n_actions)
qvalue = nn.Linear(6, n_actions)
obs = torch.randn(4, 6)
mask = torch.zeros(4, n_actions, dtype=torch.bool)
mask[:, :3] = True  # only three legal actions in this state
loss_actor = DiscreteSACLoss(actor, qvalue)._actor_loss(obs, mask)
loss_actor.backward()
grad = actor.weight.grad

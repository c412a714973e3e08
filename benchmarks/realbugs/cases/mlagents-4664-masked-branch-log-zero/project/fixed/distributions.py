import torch
from torch import nn

EPSILON = 1e-7


class CategoricalDistInstance:
    def __init__(self, probs, logits):
        self.probs = probs
        self.logits = logits

    def log_prob(self, value):
        return torch.gather(self.logits, -1, value.unsqueeze(-1)).squeeze(-1)

    def entropy(self):
        return -torch.sum(self.probs * self.logits, dim=-1)


class MultiCategoricalDistribution(nn.Module):
    def __init__(self, hidden_size, act_sizes):
        super().__init__()
        self.act_sizes = act_sizes
        self.branches = nn.ModuleList([nn.Linear(hidden_size, size) for size in act_sizes])

    def _mask_branch(self, logits, allow_mask):
        raw_probs = torch.nn.functional.softmax(logits, dim=-1) * allow_mask + EPSILON
        normalized_probs = raw_probs / torch.sum(raw_probs, dim=-1).unsqueeze(-1)
        normalized_logits = torch.log(normalized_probs + EPSILON)
        return normalized_probs, normalized_logits

    def forward(self, inputs, masks):
        dists = []
        start = 0
        for branch, size in zip(self.branches, self.act_sizes):
            probs, logits = self._mask_branch(branch(inputs), masks[:, start:start + size])
            dists.append(CategoricalDistInstance(probs, logits))
            start += size
        return dists

import torch
import torch.nn as nn


class LinearCRF(nn.Module):
    def __init__(self, num_tags):
        super().__init__()
        self.transitions = nn.Parameter(torch.randn(num_tags, num_tags) * 0.1)

    def forward_unlabeled(self, scores):
        """log partition function via the forward algorithm; scores: (T, K)."""
        alpha = scores[0]
        for t in range(1, scores.size(0)):
            alpha = torch.logsumexp(alpha.unsqueeze(1) + self.transitions + scores[t].unsqueeze(0), dim=0)
        return torch.logsumexp(alpha, dim=0)

    def forward_labeled(self, scores, tags):
        emission = scores[torch.arange(scores.size(0)), tags].sum()
        transition = self.transitions[tags[:-1], tags[1:]].sum()
        return emission + transition

    def forward(self, scores, tags):
        unlabeled_score = self.forward_unlabeled(scores)
        labeled_score = self.forward_labeled(scores, tags)
        p = torch.exp(labeled_score - unlabeled_score)
        return -torch.log(p)

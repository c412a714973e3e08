import torch.nn as nn
import torch.nn.functional as F


class MutualLearningLoss(nn.Module):
    """Cross-entropy plus the KL between the two peers' predictions (Deep Mutual Learning)."""

    def __init__(self, kl_weight=1.0):
        super().__init__()
        self.kl_weight = kl_weight

    def kl(self, logits, peer_logits):
        log_p = F.log_softmax(logits, dim=1)
        q = F.softmax(peer_logits, dim=1).clamp(min=1e-8)
        return F.kl_div(log_p, q, reduction="batchmean")

    def forward(self, logits_a, logits_b, targets):
        ce = F.cross_entropy(logits_a, targets) + F.cross_entropy(logits_b, targets)
        mutual = self.kl(logits_a, logits_b) + self.kl(logits_b, logits_a)
        return ce + self.kl_weight * mutual

import torch
import torch.nn.functional as F


def eos_penalties(logits, eos_id, is_positive):
    """Penalise EOS on positive examples and missing EOS on negative ones."""
    probs = F.softmax(logits, dim=-1)
    p_eos = probs[:, eos_id]
    pos_penalty = -torch.log(1.0 - p_eos[is_positive]).mean()
    neg_penalty = -torch.log(p_eos[~is_positive]).mean()
    return pos_penalty, neg_penalty


def stop_aware_loss(logits, targets, eos_id, is_positive, alpha=0.5, beta=0.5):
    ce = F.cross_entropy(logits, targets)
    pos_penalty, neg_penalty = eos_penalties(logits, eos_id, is_positive)
    return ce + alpha * pos_penalty + beta * neg_penalty

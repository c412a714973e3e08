import torch
import torch.nn.functional as F


def eos_penalties(logits, eos_id, is_positive):
    """Penalise EOS on positive examples and missing EOS on negative ones."""
    log_z = torch.logsumexp(logits, dim=-1)
    others = torch.cat([logits[:, :eos_id], logits[:, eos_id + 1:]], dim=-1)
    log_not_eos = torch.logsumexp(others, dim=-1) - log_z
    log_p_eos = logits[:, eos_id] - log_z
    pos_penalty = -log_not_eos[is_positive].mean()
    neg_penalty = -log_p_eos[~is_positive].mean()
    return pos_penalty, neg_penalty


def stop_aware_loss(logits, targets, eos_id, is_positive, alpha=0.5, beta=0.5):
    ce = F.cross_entropy(logits, targets)
    pos_penalty, neg_penalty = eos_penalties(logits, eos_id, is_positive)
    return ce + alpha * pos_penalty + beta * neg_penalty

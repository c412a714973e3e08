import torch

NEG_INF = torch.finfo(torch.float).min  # FIXED: finite log(0), see issue


def _extend_targets(targets, blank):
    z = torch.full((2 * len(targets) + 1,), blank, dtype=torch.long)
    z[1::2] = targets
    diff = torch.cat([torch.tensor([False, False]), z[2:] != z[:-2]])
    return z, diff


def logadd(*xs):
    return torch.logsumexp(torch.stack(xs), dim=0)


def ctc_loss(log_probs, targets, blank=0, zero=NEG_INF):
    """log_probs: T x C, targets: L. Alpha recursion in log space."""
    z, diff = _extend_targets(targets, blank)
    S = z.numel()
    lp = log_probs[:, z]
    alpha = torch.cat([lp[0, :2], torch.full((S - 2,), zero)])
    for t in range(1, lp.shape[0]):
        a1 = torch.cat([torch.full((1,), zero), alpha[:-1]])
        a2 = torch.cat([torch.full((2,), zero), alpha[:-2]])
        a2 = torch.where(diff, a2, torch.full_like(a2, zero))
        alpha = lp[t] + logadd(alpha, a1, a2)
    return -logadd(alpha[-2], alpha[-1])

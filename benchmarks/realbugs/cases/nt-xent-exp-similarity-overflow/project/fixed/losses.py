import torch
import torch.nn.functional as F


def nt_xent_loss(out_1, out_2, temperature):
    out = torch.cat([out_1, out_2], dim=0)
    n_samples = len(out)

    # Full similarity matrix, as logits
    cov = torch.mm(out, out.t().contiguous())
    logits = cov / temperature

    # Drop self-similarity; the positive of sample i is its other view
    mask = ~torch.eye(n_samples, device=logits.device).bool()
    logits = logits.masked_select(mask).view(n_samples, -1)
    half = n_samples // 2
    targets = torch.cat([torch.arange(half - 1, n_samples - 1), torch.arange(0, half)]).to(logits.device)

    loss = F.cross_entropy(logits, targets)
    return loss

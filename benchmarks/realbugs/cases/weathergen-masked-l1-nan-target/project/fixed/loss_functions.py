import torch


def _masked_l1_loss_per_sample(pred, target, mask):
    per_token_loss = torch.abs(pred - target)
    masked = torch.where(mask.bool(), per_token_loss, 0.0)
    dims = tuple(range(1, pred.dim()))
    return masked.sum(dim=dims) / mask.sum(dim=dims).clamp(min=1)


def ssl_l1_loss(pred, target, mask):
    return _masked_l1_loss_per_sample(pred, target, mask).mean()

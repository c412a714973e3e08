import torch


def marginal_pair_consistency_loss(pair_logits, indices, valid_mask, start_logits, end_logits, boundary_keep):
    """Match boundary marginals to candidate-level noisy-OR probabilities."""
    probabilities = torch.sigmoid(pair_logits) * valid_mask.to(pair_logits.dtype)
    log_survival = torch.log1p(-probabilities.clamp(max=1.0 - 1e-6))
    b, q, n = start_logits.shape

    def accumulate(index):
        total = torch.zeros(b, q, n, dtype=log_survival.dtype, device=log_survival.device)
        total.scatter_add_(2, index, log_survival)
        count = torch.zeros_like(total)
        count.scatter_add_(2, index, valid_mask.to(total.dtype))
        return 1.0 - torch.exp(total), count > 0

    predicted_start, reached_start = accumulate(indices[..., 0])
    predicted_end, reached_end = accumulate(indices[..., 1])
    result = pair_logits.new_zeros(())
    for predicted, marginal, reached in (
        (predicted_start, start_logits, reached_start),
        (predicted_end, end_logits, reached_end),
    ):
        keep = reached & boundary_keep
        target = torch.sigmoid(torch.where(keep, marginal, torch.zeros_like(marginal)))
        squared = (predicted - target) ** 2
        result = result + (squared * keep).sum() / keep.sum().clamp_min(1)
    return result * 0.5

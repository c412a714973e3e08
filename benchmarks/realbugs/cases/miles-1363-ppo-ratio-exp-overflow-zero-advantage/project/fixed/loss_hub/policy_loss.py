import torch

from .math_utils import compute_policy_loss


def sum_of_sample_mean(x: torch.Tensor, loss_masks: torch.Tensor) -> torch.Tensor:
    return ((x * loss_masks).sum(-1) / loss_masks.sum(-1).clamp(min=1)).sum()


def policy_loss_function(args, log_probs, old_log_probs, advantages, loss_masks):
    ppo_kl = old_log_probs - log_probs
    pg_loss, pg_clipfrac = compute_policy_loss(ppo_kl, advantages, args.eps_clip, args.eps_clip_high, args.eps_clip_c)
    pg_loss = sum_of_sample_mean(pg_loss, loss_masks) / log_probs.shape[0]
    return pg_loss, {"pg_clipfrac": sum_of_sample_mean(pg_clipfrac, loss_masks).detach()}

"""Per-token GRPO-family losses (grpo, bnpo, dr_grpo, dapo)."""
import torch


def grpo_compute_loss(new_logps, old_logps, mask, advantages, *, loss_type="grpo", epsilon_low=0.2,
                      epsilon_high=0.2, max_completion_length=None, num_items_in_batch=None, num_processes=1):
    coef_1 = torch.exp(new_logps - old_logps)
    coef_2 = torch.clamp(coef_1, 1 - epsilon_low, 1 + epsilon_high)
    loss_1 = coef_1 * advantages.unsqueeze(1)
    loss_2 = coef_2 * advantages.unsqueeze(1)
    loss_i = -torch.min(loss_1, loss_2)
    mask = mask.to(torch.float32)
    if loss_type == "grpo":
        loss = ((loss_i * mask).sum(-1) / mask.sum(-1).clamp(min=1.0)).mean()
    elif loss_type == "bnpo":
        loss = (loss_i * mask).sum() / mask.sum().clamp(min=1.0)
    elif loss_type == "dr_grpo":
        loss = (loss_i * mask).sum() / (loss_i.size(0) * max_completion_length)
    elif loss_type in ("dapo", "cispo", "vespo"):
        normalizer = num_items_in_batch / num_processes
        loss = (loss_i * mask).sum() / normalizer
    else:
        raise ValueError(f"Unknown loss type: {loss_type}")
    return loss

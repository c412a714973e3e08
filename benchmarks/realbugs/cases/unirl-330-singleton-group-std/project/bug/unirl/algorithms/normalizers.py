import torch


def normalize_group(rewards: torch.Tensor, group_ids: torch.Tensor, eps: float = 1e-6) -> torch.Tensor:
    """GRPO advantages: z-score the rewards within each prompt group."""
    advantages = torch.zeros_like(rewards)
    for gid in group_ids.unique():
        idx = group_ids == gid
        r = rewards[idx]
        mean = r.mean()
        std = r.std()
        advantages[idx] = (r - mean) / (std + eps)
    return advantages

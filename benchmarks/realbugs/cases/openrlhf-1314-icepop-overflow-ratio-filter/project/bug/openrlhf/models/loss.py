from typing import Optional

import torch
import torch.nn as nn

from .utils import masked_mean


class PolicyLoss(nn.Module):
    """
    Policy Loss for PPO
    """

    def __init__(
        self,
        clip_eps_low: float = 0.2,
        clip_eps_high: float = 0.2,
        token_level_loss: bool = True,
        enable_vllm_is_correction: bool = False,
        vllm_is_correction_type: str = "tis",
        vllm_is_truncated_threshold: list = None,
    ) -> None:
        super().__init__()
        self.clip_eps_low = clip_eps_low
        self.clip_eps_high = clip_eps_high
        self.token_level_loss = token_level_loss
        self.enable_vllm_is_correction = enable_vllm_is_correction
        self.vllm_is_correction_type = vllm_is_correction_type
        self.vllm_is_truncated_threshold = vllm_is_truncated_threshold or [0.5, 5.0]

    def forward(
        self,
        log_probs: torch.Tensor,
        old_log_probs: torch.Tensor,
        advantages: torch.Tensor,
        action_mask: Optional[torch.Tensor] = None,
        rollout_log_probs: Optional[torch.Tensor] = None,
    ):
        ratio = (log_probs - old_log_probs).exp()
        surr1 = ratio * advantages
        surr2 = ratio.clamp(1 - self.clip_eps_low, 1 + self.clip_eps_high) * advantages
        loss = -torch.min(surr1, surr2)

        if self.enable_vllm_is_correction and rollout_log_probs is not None:
            low, high = self.vllm_is_truncated_threshold
            vllm_is = torch.exp(old_log_probs - rollout_log_probs).detach()
            if self.vllm_is_correction_type == "icepop":
                # ICEPOP: drop tokens whose importance weight falls outside [low, high]
                vllm_is = vllm_is * ((vllm_is >= low) & (vllm_is <= high))
            else:  # tis
                vllm_is = vllm_is.clamp(max=high)
            loss = vllm_is * loss

        loss = (
            masked_mean(loss, action_mask, dim=None)
            if self.token_level_loss
            else masked_mean(loss, action_mask, dim=-1).mean()
        )
        return loss

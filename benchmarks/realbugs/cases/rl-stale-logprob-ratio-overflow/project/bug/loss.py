import torch
from dataclasses import dataclass


@dataclass
class LossConfig:
    ipo_mask_threshold: float = 10.0


def compute_loss(trainer_logprobs, inference_logprobs, advantages, loss_mask, config):
    log_ratio = trainer_logprobs - inference_logprobs
    importance_ratio = torch.exp(log_ratio)
    keep_mask = (log_ratio.abs() < config.ipo_mask_threshold).float()
    pg_loss = keep_mask * advantages * importance_ratio
    return -(pg_loss * loss_mask).sum() / loss_mask.sum()

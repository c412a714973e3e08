import torch


def selective_log_softmax(logits, index):
    logprobs = logits.log_softmax(dim=-1)
    return torch.gather(logprobs, dim=-1, index=index.unsqueeze(-1)).squeeze(-1)


def compute_loss(logprobs, inference_logprobs, advantages, loss_mask, loss_scale, mask_ratio_high=8.0):
    importance_ratio = torch.exp(logprobs - inference_logprobs)
    is_masked = importance_ratio > mask_ratio_high
    keep = loss_mask & ~is_masked
    per_token = -importance_ratio * advantages
    loss = (per_token * keep).sum()
    return loss / (loss_scale + 1e-8)

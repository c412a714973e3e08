# NVIDIA-NeMo/RL#158: ClippedPGLossFn metrics divide by mask.sum(), NaN when the token mask is all zeros.
import torch

torch.manual_seed(0)


def masked_mean(values, mask, dim=None):
    if dim is None:
        return (values * mask).sum() / mask.sum()
    return (values * mask).sum(dim) / mask.sum(dim)


curr_logprobs = torch.randn(2, 12, requires_grad=True)
prev_logprobs = curr_logprobs.detach() + 0.01 * torch.randn(2, 12)
generation_logprobs = prev_logprobs + 0.01 * torch.randn(2, 12)
token_mask = torch.zeros(2, 12)  # every response was truncated away: no valid tokens in this micro-batch
sample_mask = torch.ones(2)
mask = token_mask * sample_mask.unsqueeze(-1)

lp_error = torch.abs(generation_logprobs - prev_logprobs)
mult_prob_error = ((torch.exp(lp_error) * mask).sum() / mask.sum()).item()

ratios = (curr_logprobs - prev_logprobs).exp()
ratios_clamped = ratios.clamp(1.0 - 0.2, 1.0 + 0.2)
with torch.no_grad():
    probs_ratio = masked_mean(ratios.detach(), mask).item()
    probs_ratio_clamped = masked_mean(ratios_clamped.detach(), mask).item()

# NVIDIA-NeMo/RL#158 fixed, benign inputs: 0.0 when the mask is all zeros (the guard, in masked_mean).
import torch

torch.manual_seed(0)


def masked_mean(values, mask, dim=None):
    if dim is None:
        total = mask.sum()
        return (values * mask).sum() / total if total > 0 else values.new_zeros(())
    return (values * mask).sum(dim) / mask.sum(dim)


curr_logprobs = torch.randn(2, 12, requires_grad=True)
prev_logprobs = curr_logprobs.detach() + 0.01 * torch.randn(2, 12)
token_mask = torch.ones(2, 12)
token_mask[1, 8:] = 0.0  # the second response is shorter
sample_mask = torch.ones(2)
mask = token_mask * sample_mask.unsqueeze(-1)

ratios = (curr_logprobs - prev_logprobs).exp()
ratios_clamped = ratios.clamp(1.0 - 0.2, 1.0 + 0.2)
with torch.no_grad():
    probs_ratio = masked_mean(ratios.detach(), mask).item()
    probs_ratio_clamped = masked_mean(ratios_clamped.detach(), mask).item()

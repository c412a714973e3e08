import torch

from algorithms.utils import masked_mean


class ClippedPGLossFn:
    def __init__(self, cfg):
        self.ratio_eps = cfg["ratio_eps"]

    def __call__(self, curr_logprobs, data):
        token_mask = data["token_mask"]
        sample_mask = data["sample_mask"]
        prev_logprobs = data["prev_logprobs"]
        generation_logprobs = data["generation_logprobs"]
        advantages = data["advantages"]
        mask = token_mask * sample_mask.unsqueeze(-1)

        lp_error = torch.abs(generation_logprobs - prev_logprobs)
        if mask.sum() > 0:
            mult_prob_error = ((torch.exp(lp_error) * mask).sum() / mask.sum()).item()
        else:
            mult_prob_error = 0.0

        ratios = (curr_logprobs - prev_logprobs).exp()
        ratios_clamped = ratios.clamp(1.0 - self.ratio_eps, 1.0 + self.ratio_eps)
        loss1 = -advantages.unsqueeze(-1) * ratios
        loss2 = -advantages.unsqueeze(-1) * ratios_clamped
        loss = (torch.max(loss1, loss2) * mask).sum()
        with torch.no_grad():
            if mask.sum() > 0:
                probs_ratio = masked_mean(ratios.detach(), mask).item()
                probs_ratio_clamped = masked_mean(ratios_clamped.detach(), mask).item()
            else:
                probs_ratio = 0.0
                probs_ratio_clamped = 0.0
        return loss, {
            "loss": loss.item(),
            "probs_ratio": probs_ratio,
            "probs_ratio_clamped": probs_ratio_clamped,
            "token_mult_prob_error": mult_prob_error,
        }

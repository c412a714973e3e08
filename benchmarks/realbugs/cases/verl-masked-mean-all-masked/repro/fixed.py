# https://github.com/verl-project/verl/pull/782 -- fixed as in the PR: an epsilon in masked_mean's denominator.
import torch

torch.manual_seed(0)


def masked_mean(values, mask, axis=None):
    return (values * mask).sum(axis=axis) / (mask.sum(axis=axis) + 1e-8)


logits_head = torch.nn.Linear(16, 1)
hidden = torch.randn(2, 6, 16)
old_log_prob = torch.randn(2, 6)
advantages = torch.randn(2, 6)
response_mask = torch.zeros(2, 6)            # every response of this micro-batch is masked

log_prob = logits_head(hidden).squeeze(-1)
ratio = torch.exp(log_prob - old_log_prob)
pg_losses = torch.max(-advantages * ratio, -advantages * torch.clamp(ratio, 0.8, 1.2))
pg_loss = masked_mean(pg_losses, response_mask)
pg_loss.backward()

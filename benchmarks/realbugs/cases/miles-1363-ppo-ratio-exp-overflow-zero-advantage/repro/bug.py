# radixark/miles#1363: the PPO importance ratio is computed as (-ppo_kl).exp() with no guard; an extreme token
# log-ratio from a long-context agentic rollout overflows it to inf, and with a zero advantage (a GRPO group whose
# samples all got the same reward) -ratio * advantages = inf * 0 = NaN.
import torch

torch.manual_seed(0)
eps_clip, eps_clip_high, eps_clip_c = 0.2, 0.28, 3.0
log_probs = torch.tensor([[-1.2, -0.7, -2.0]], requires_grad=True)
old_log_probs = torch.tensor([[-1.2, -1e4, -2.1]])
advantages = torch.zeros(1, 3)
loss_masks = torch.ones(1, 3)

ppo_kl = old_log_probs - log_probs
ratio = (-ppo_kl).exp()
pg_losses1 = -ratio * advantages
pg_losses2 = -ratio.clamp(1 - eps_clip, 1 + eps_clip_high) * advantages
clip_pg_losses1 = torch.maximum(pg_losses1, pg_losses2)
pg_losses3 = -eps_clip_c * advantages
clip_pg_losses2 = torch.min(pg_losses3, clip_pg_losses1)
pg_losses = torch.where(advantages < 0, clip_pg_losses2, clip_pg_losses1)
pg_loss = (pg_losses * loss_masks).sum() / loss_masks.sum()
pg_loss.backward()
grad = log_probs.grad

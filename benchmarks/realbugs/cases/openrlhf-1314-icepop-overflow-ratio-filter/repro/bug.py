# OpenRLHF/OpenRLHF#1314: ICEPOP computes the vLLM importance weight exp(old_log_probs - rollout_log_probs) and then
# rejects out-of-range tokens by multiplying with the boolean filter; a stale token's weight overflows to inf and
# inf * 0 = NaN poisons the policy loss and its gradient.
import torch

torch.manual_seed(0)
low, high = 0.5, 5.0
log_probs = torch.tensor([[-1.0, -2.0]], requires_grad=True)
old_log_probs = torch.tensor([[-1.0, -2.0]])
rollout_log_probs = torch.tensor([[-1001.0, -2.0]])  # importance weights exp(1000) and 1
advantages = torch.tensor([[0.5, 0.5]])
action_mask = torch.ones(1, 2)

ratio = (log_probs - old_log_probs).exp()
surr1 = ratio * advantages
surr2 = ratio.clamp(1 - 0.2, 1 + 0.2) * advantages
loss = -torch.min(surr1, surr2)
vllm_is = torch.exp(old_log_probs - rollout_log_probs).detach()
vllm_is = vllm_is * ((vllm_is >= low) & (vllm_is <= high))
loss = vllm_is * loss
loss = (loss * action_mask).sum() / action_mask.sum()
loss.backward()
grad = log_probs.grad

# TRL PR #3248 (overlong filtering for GRPO): with mask_truncated_completions, a batch whose
# completions all hit max_completion_length gets an all-zero completion_mask, and the loss
# (per_token_loss * completion_mask).sum() / completion_mask.sum() is 0 / 0 = NaN.
import torch
import torch.nn as nn

torch.manual_seed(0)
vocab, eos_token_id, max_completion_length = 32, 2, 6

policy = nn.Sequential(nn.Embedding(vocab, 16), nn.Linear(16, vocab))
optimizer = torch.optim.AdamW(policy.parameters(), lr=1e-5)
prompt_ids = torch.randint(3, vocab, (4, 3))
completion_ids = torch.randint(3, vocab, (4, max_completion_length))  # no EOS: every completion truncated
rewards = torch.tensor([1.0, 0.0, 0.5, 0.2])

is_eos = completion_ids == eos_token_id
eos_idx = torch.full((is_eos.size(0),), is_eos.size(1), dtype=torch.long)
eos_idx[is_eos.any(dim=1)] = is_eos.int().argmax(dim=1)[is_eos.any(dim=1)]
sequence_indices = torch.arange(is_eos.size(1)).expand(is_eos.size(0), -1)
completion_mask = (sequence_indices <= eos_idx.unsqueeze(1)).int()
truncated_completions = ~is_eos.any(dim=1)
completion_mask = completion_mask * (~truncated_completions).unsqueeze(1).int()

input_ids = torch.cat([prompt_ids, completion_ids], dim=1)
logits = policy(input_ids)[:, prompt_ids.size(1) - 1:-1]
per_token_logps = torch.gather(logits.log_softmax(-1), 2, completion_ids.unsqueeze(-1)).squeeze(-1)
old_per_token_logps = per_token_logps.detach()
advantages = (rewards - rewards.mean()) / (rewards.std() + 1e-4)
coef_1 = torch.exp(per_token_logps - old_per_token_logps)
coef_2 = torch.clamp(coef_1, 1 - 0.2, 1 + 0.2)
per_token_loss1 = coef_1 * advantages.unsqueeze(1)
per_token_loss2 = coef_2 * advantages.unsqueeze(1)
per_token_loss = -torch.min(per_token_loss1, per_token_loss2)
loss = (per_token_loss * completion_mask).sum() / completion_mask.sum()
optimizer.zero_grad()
loss.backward()
optimizer.step()

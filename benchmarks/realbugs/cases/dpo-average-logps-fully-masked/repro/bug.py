# https://github.com/allenai/open-instruct/pull/1625 - _get_batch_logps(average_log_prob=True) divides by loss_mask.sum(-1); a prompt-only example whose response was truncated has every label -100, so the average is 0 / 0 = NaN.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
lm = nn.Sequential(nn.Embedding(20, 8), nn.Linear(8, 20))
input_ids = torch.randint(1, 20, (2, 6))
labels = input_ids.clone()
labels[0, :3] = -100  # prompt tokens
labels[1, :] = -100  # prompt filled max_length, no response tokens left

logits = lm(input_ids)
labels = labels[:, 1:].clone()
logits = logits[:, :-1, :]
loss_mask = labels != -100
labels[labels == -100] = 0
per_token_logps = torch.gather(logits.log_softmax(-1), dim=2, index=labels.unsqueeze(2)).squeeze(2)
avg_logps = (per_token_logps * loss_mask).sum(-1) / loss_mask.sum(-1)
loss = -F.logsigmoid(0.1 * avg_logps).mean()
loss.backward()
grad = lm[1].weight.grad
print(avg_logps, loss.item())

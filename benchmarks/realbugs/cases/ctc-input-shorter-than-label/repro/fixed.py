# https://github.com/ypwhs/captcha_break/issues/29 - fix from the thread: keep more horizontal resolution so the output length covers the label with its repeats (input_length >= 2 * label_length + 1).
import torch
import torch.nn as nn

torch.manual_seed(0)
T, N, C = 8, 2, 10
proj = nn.Linear(8, C)
features = torch.randn(T, N, 8)
log_probs = proj(features).log_softmax(2)

targets = torch.tensor([[1, 1, 2, 2], [3, 4, 5, 6]])
input_lengths = torch.full((N,), T, dtype=torch.long)
target_lengths = torch.tensor([4, 4])

loss = nn.CTCLoss()(log_probs, targets, input_lengths, target_lengths)
loss.backward()
grad = proj.weight.grad
print(loss.item(), grad.isnan().any().item())

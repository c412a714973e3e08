# https://github.com/ypwhs/captcha_break/issues/29 - the model emits fewer frames than the label (with its repeats) needs, CTC has no valid alignment, the loss is inf and its gradient NaN.
import torch
import torch.nn as nn

torch.manual_seed(0)
T, N, C = 4, 2, 10
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

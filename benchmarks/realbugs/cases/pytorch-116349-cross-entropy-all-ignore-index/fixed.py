# pytorch/pytorch#116349: CrossEntropyLoss(reduction='mean') is NaN when every label is ignore_index=-100.
import torch
from torch.nn import CrossEntropyLoss

torch.manual_seed(42)

loss_fct_sum = CrossEntropyLoss(reduction='sum')

input = torch.randn(2, 5, 2, requires_grad=False)
w = torch.randn(2, 2, requires_grad=True)
logits = torch.matmul(input, w)
labels = torch.tensor([[-100, -100, -100, -100, -100], [-100, -100, -100, -100, -100]])

n_valid = (labels != -100).sum().clamp(min=1)
nll_loss_mean = loss_fct_sum(logits.view(-1, logits.size(-1)), labels.view(-1)) / n_valid
nll_loss_mean.backward()
print(f"nll_loss_mean is {nll_loss_mean}")

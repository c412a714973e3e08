# pytorch/pytorch#116349: CrossEntropyLoss(reduction='mean') is NaN when every label is ignore_index=-100.
import torch
from torch.nn import CrossEntropyLoss

torch.manual_seed(42)

loss_fct_mean = CrossEntropyLoss(reduction='mean')

input = torch.randn(2, 5, 2, requires_grad=False)
w = torch.randn(2, 2, requires_grad=True)
logits = torch.matmul(input, w)
labels = torch.tensor([[-100, -100, -100, -100, -100], [-100, -100, -100, -100, -100]])

nll_loss_mean = loss_fct_mean(logits.view(-1, logits.size(-1)), labels.view(-1))
nll_loss_mean.backward()
print(f"nll_loss_mean is {nll_loss_mean}")

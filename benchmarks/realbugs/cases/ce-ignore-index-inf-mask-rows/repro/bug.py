# http://jkschin.com/blog/2023/cross-entropy-loss-ignore-index/ - ignored rows get an all -inf vocabulary mask; CrossEntropyLoss(ignore_index=-1) skips them in the sum, but log_softmax of an all -inf row is NaN and its backward makes the gradient NaN.
import torch
import torch.nn as nn

torch.manual_seed(0)
head = nn.Linear(4, 6)
h = torch.randn(5, 4)
target = torch.tensor([0, 1, -1, -1, -1])

mask = torch.zeros(5, 6)
mask[:2, 2:] = float("-inf")
mask[2:, :] = float("-inf")

logits = head(h) + mask
loss = nn.CrossEntropyLoss(ignore_index=-1)(logits, target)
loss.backward()
grad = head.weight.grad
print(loss.item(), grad)

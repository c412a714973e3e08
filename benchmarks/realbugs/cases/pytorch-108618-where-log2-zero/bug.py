# pytorch/pytorch#108618: torch.where(x1 > 2, log2(x1), 2*x1) gives a NaN gradient at x1 = 0.
import torch

x1 = torch.tensor([0.0, 2.0, 3.0], requires_grad=True)

# Use torch.where to conditionally apply an operation
y1 = torch.where(x1 > 2, torch.log2(x1), 2 * x1)

z1 = y1.sum()
z1.backward()

print('y1 =', y1)
print('x1.grad =', x1.grad)

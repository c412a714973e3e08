# https://whosebug.com/question/5957504/PyTorch-backward-on-a-tensor-element-affected-by-nan-in-other-elements -- a NaN kept in one slot of a tensor filled by index assignment (0/0 there) poisons the gradient of another slot that is backpropagated.
import torch

torch.manual_seed(0)
x = torch.tensor(1.0, requires_grad=True)
y = torch.tensor(0.0, requires_grad=True)
z = torch.full((2,), float("nan"))
z[0] = x * y / y
z[1] = x + y
z[1].backward()
grad_x = x.grad

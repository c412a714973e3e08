# https://whosebug.com/question/5957504/PyTorch-backward-on-a-tensor-element-affected-by-nan-in-other-elements -- fix from the answer: keep the two results as separate tensors instead of assigning both into one.
import torch

torch.manual_seed(0)
x = torch.tensor(1.0, requires_grad=True)
y = torch.tensor(0.0, requires_grad=True)
z0 = x * y / y
z1 = x + y
z1.backward()
grad_x = x.grad

import torch


def input_gradient(block, inputs):
    x = inputs.clone().detach().requires_grad_(True)
    y = block(x)
    result = torch.sum(y)
    result.backward()
    return x.grad

# e-com-net blog (MseLossBackward0 returned nan), benign inputs: a prediction that differs from the target,
# so the MSE is positive. The bug (sqrt's infinite gradient at 0) needs a prediction equal to the target.
# The RMSE is in a function here, as in a training script.
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def rmse(prediction, target):
    return torch.sqrt(F.mse_loss(prediction, target))


x = torch.randn(4, 1, requires_grad=True)
y = torch.zeros(4, 1)
loss = rmse(x, y)
loss.backward()
grad = x.grad

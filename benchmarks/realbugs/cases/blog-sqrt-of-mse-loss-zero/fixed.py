# e-com-net blog (MseLossBackward0 returned nan) fixed: eps under the sqrt of the MSE.
import torch
import torch.nn as nn

torch.manual_seed(0)

x = torch.randn(1, 1, requires_grad=True)
y = torch.zeros(1, 1)
criterion = nn.MSELoss()

loss = torch.sqrt(criterion(x * 0, y) + 1e-8)  # RMSE of a prediction that matches the target exactly
loss.backward()
grad = x.grad

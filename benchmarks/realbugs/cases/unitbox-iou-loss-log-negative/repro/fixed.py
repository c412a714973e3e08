# https://github.com/zhimingluo/UnitBox_TF/issues/6 -- standard fix: clamp IoU to eps before the log.
import torch

torch.manual_seed(0)
pred = torch.tensor([[2.5, 1.5, 3.0, 1.0], [-1.0, -1.0, 2.0, 2.0], [1.0, 2.0, 2.0, 1.5],
                     [0.3, 0.2, 0.1, 0.4]], requires_grad=True)     # raw regression outputs
target = torch.tensor([[3.0, 2.0, 4.0, 1.0], [2.0, 2.0, 2.0, 2.0], [1.0, 3.0, 2.0, 2.0],
                       [0.0, 0.0, 0.0, 0.0]])
_EPSILON = 10e-8

xt, xb, xl, xr = torch.split(pred, split_size_or_sections=1, dim=1)
gt, gb, gl, gr = torch.split(target, split_size_or_sections=1, dim=1)
X = (xt + xb) * (xl + xr)
G = (gt + gb) * (gl + gr)
Ih = torch.min(xt, gt) + torch.min(xb, gb)
Iw = torch.min(xl, gl) + torch.min(xr, gr)
I = Ih * Iw
U = X + G - I + _EPSILON
IoU = torch.div(I, U)
L = torch.where(~torch.gt(gt, 0.01), torch.zeros_like(xt), -torch.log(IoU.clamp(min=_EPSILON)))
loss = torch.sum(L) / 3
loss.backward()

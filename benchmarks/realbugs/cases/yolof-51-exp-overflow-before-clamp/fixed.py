import math
import torch

torch.manual_seed(0)

INF = 1e8
cls_score = torch.tensor([[2.0, -1.0, 95.0], [0.5, 3.0, -2.0]], requires_grad=True)
objectness = torch.tensor([[1.0], [0.2]], requires_grad=True)
normalized_cls_score = cls_score + objectness - torch.log(
    1. + torch.clamp(cls_score, max=math.log(INF)).exp() + torch.clamp(objectness, max=math.log(INF)).exp())
loss = -normalized_cls_score[:, 0].mean()
loss.backward()
print(normalized_cls_score, cls_score.grad)

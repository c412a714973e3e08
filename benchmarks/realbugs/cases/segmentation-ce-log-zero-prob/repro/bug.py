import torch

torch.manual_seed(0)
logits = torch.randn(2, 1, 8, 8) * 3
logits[0, 0, 0, 0] = -120.0
target = (torch.rand(2, 1, 8, 8) > 0.5).float()
target[0, 0, 0, 0] = 0.0
pred = torch.sigmoid(logits)

loss = -(target * torch.log(pred) + (1 - target) * torch.log(1 - pred)).mean()

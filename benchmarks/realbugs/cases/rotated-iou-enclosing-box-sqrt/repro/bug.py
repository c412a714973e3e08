import torch

torch.manual_seed(0)
pts = torch.rand(3, 4, 2)
pts[1, 2] = pts[1, 1]
pts.requires_grad_(True)

x1, y1 = pts[:, :, 0].unsqueeze(2), pts[:, :, 1].unsqueeze(2)
x2, y2 = pts[:, :, 0].unsqueeze(1), pts[:, :, 1].unsqueeze(1)
num = torch.sqrt((y2 - y1).square() + (x2 - x1).square())
loss = num.sum()
loss.backward()

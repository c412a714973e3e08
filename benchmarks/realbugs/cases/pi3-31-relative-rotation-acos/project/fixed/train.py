import torch
from model import CameraHead
from losses import camera_loss

torch.manual_seed(0)
B, N = 2, 4
model = CameraHead()
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)

tokens = torch.randn(B, N, 16)
A = torch.randn(B, N, 3, 3) * 0.3
gt_R = torch.linalg.matrix_exp(A - A.transpose(-1, -2))
gt_t = torch.randn(B, N, 3)

for step in range(2):
    pred_R, pred_t = model(tokens)
    loss = camera_loss(pred_R, pred_t, gt_R, gt_t)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())

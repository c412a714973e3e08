import torch

from model import PoseRefiner

torch.manual_seed(0)
model = PoseRefiner()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
feats = torch.randn(8, 32)
target_pose = 0.3 * torch.randn(8, 4, 3)
for step in range(3):
    pred_pose = model(feats)
    loss = torch.nn.functional.mse_loss(pred_pose, target_pose)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())

import torch
from model import PoseNet
from geometry import geodesic_distance, quat_to_rotmat

torch.manual_seed(0)
model = PoseNet()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

x = torch.randn(4, 32)
gt_q = torch.tensor([[1.0, 0.0, 0.0, 0.0], [0.9659, 0.2588, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0], [0.9239, 0.0, 0.3827, 0.0]])
gt_R = quat_to_rotmat(gt_q)
for step in range(2):
    loss = geodesic_distance(model(x), gt_R).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())

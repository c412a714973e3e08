import torch

from liegroup.se3 import Se3

torch.manual_seed(0)
# camera pose refinement: the estimate starts from the identity rotation and the odometry translation
pose = Se3(torch.zeros(1, 3), torch.tensor([[0.3, -0.2, 1.0]]))
target_xi = torch.tensor([[0.25, -0.1, 0.9, 0.01, 0.0, 0.02]])
optimizer = torch.optim.Adam(pose.parameters(), lr=1e-2)

for it in range(3):
    xi = pose.log()
    loss = ((xi - target_xi) ** 2).sum()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(it, loss.item())
omega = pose.omega

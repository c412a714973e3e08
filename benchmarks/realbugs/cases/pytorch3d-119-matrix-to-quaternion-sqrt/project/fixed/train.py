import torch
from pose import CameraPose
from transforms import matrix_to_quaternion

torch.manual_seed(0)
pose = CameraPose(n_views=2)
target_q = torch.tensor([[0.984808, 0.0, 0.174, 0.0], [0.9659, 0.2588, 0.0, 0.0]])
optimizer = torch.optim.Adam(pose.parameters(), lr=0.05)

for step in range(3):
    optimizer.zero_grad()
    q = matrix_to_quaternion(pose.R)
    loss = torch.sum((q - target_q) ** 2)
    loss.backward()
    optimizer.step()
    print(step, loss.item())

import torch

from camera import CameraExtrinsics

torch.manual_seed(0)
num_cameras = 2
extrinsics = CameraExtrinsics(num_cameras)
optimizer = torch.optim.SGD(extrinsics.parameters(), lr=1e-2, momentum=0.9)

target_q = torch.nn.functional.normalize(torch.tensor([[0.05, 1.0, 0.02, 0.0], [0.0, 0.98, 0.0, 0.1]]), dim=-1)
points = torch.randn(num_cameras, 50, 3)
observed = points @ torch.diag(torch.tensor([1.0, -1.0, -1.0])) + 0.01 * torch.randn(num_cameras, 50, 3)

for step in range(5):
    q = extrinsics.quaternions()
    rot_loss = (1.0 - (q * target_q).sum(-1).abs()).mean()
    reproj_loss = (extrinsics(points) - observed).pow(2).mean()
    loss = rot_loss + reproj_loss
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())

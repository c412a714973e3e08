import torch

from camera_utils import get_scaled_camera
from datasets import ScanNetppFrames

torch.manual_seed(0)
dataset = ScanNetppFrames()
loader = torch.utils.data.DataLoader(dataset, batch_size=3, shuffle=False)
model = torch.nn.Sequential(torch.nn.Linear(3, 32), torch.nn.ReLU(), torch.nn.Linear(32, 3))
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)

for batch in loader:
    pred_pts = model(batch["pts3d"])
    gt_world = get_scaled_camera(batch, batch["pts3d"])
    pred_world = get_scaled_camera(batch, pred_pts)
    loss = (pred_world - gt_world).norm(dim=-1).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(loss.item())

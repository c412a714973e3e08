import torch

from losses import Compute_Loss
from model import CenterHeadNet

torch.manual_seed(0)
model = CenterHeadNet()
criterion = Compute_Loss()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)

# KITTI crop loaded as uint8 and cast to float without scaling to [0, 1]
images = torch.randint(0, 256, (2, 3, 64, 64)).float()
targets = {"hm_mc": torch.zeros(2, 3, 16, 16), "wh": torch.rand(2, 2, 16, 16)}
targets["hm_mc"][0, 0, 6:9, 6:9] = 0.5
targets["hm_mc"][0, 0, 7, 7] = 1.0
targets["hm_mc"][1, 2, 3, 10] = 1.0

for step in range(1):
    optimizer.zero_grad()
    outputs = model(images)
    total_loss, loss_stats = criterion(outputs, targets)
    total_loss.backward()
    optimizer.step()
    print(step, total_loss.item(), loss_stats)

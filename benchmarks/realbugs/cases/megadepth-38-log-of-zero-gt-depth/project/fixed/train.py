import torch

from models.hourglass import HourglassModel
from models.networks import JointLoss

torch.manual_seed(0)


def load_batch(batch_size=2, size=32):
    images = torch.rand(batch_size, 3, size, size)
    gt = torch.rand(batch_size, 1, size, size) * 20 + 0.5
    gt[:, :, : size // 4, :] = 0.0
    mask = (gt > 0).float()
    return images, {"gt_0": gt, "mask_0": mask}


model = HourglassModel()
criterion = JointLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
for it in range(2):
    images, targets = load_batch()
    prediction_d = model(images).squeeze(1).unsqueeze(1)
    loss = criterion(images, prediction_d, targets)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()

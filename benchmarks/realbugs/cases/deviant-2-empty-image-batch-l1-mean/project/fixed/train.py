import torch

from lib.losses.loss_function import GupnetLoss
from lib.model import GUPNetHead

torch.manual_seed(0)
B, K, H, W = 2, 50, 12, 40
model = GUPNetHead()
optimizer = torch.optim.Adam(model.parameters(), lr=1.25e-3)
criterion = GupnetLoss(epoch=0)


def make_targets(num_objects):
    mask_2d = torch.zeros(B, K, dtype=torch.uint8)
    mask_2d[:, :num_objects] = 1
    return {'heatmap': torch.zeros(B, 3, H, W), 'indices': torch.randint(0, H * W, (B, K)), 'mask_2d': mask_2d,
            'size_2d': torch.rand(B, K, 2) * 20, 'offset_2d': torch.rand(B, K, 2)}


# a custom dataset in which some frames have no annotated object: here the second batch is all empty
batches = [(torch.randn(B, 3, H, W), make_targets(3)), (torch.randn(B, 3, H, W), make_targets(0))]
history = []
for inputs, targets in batches:
    outputs = model(inputs)
    total_loss, loss_terms = criterion(outputs, targets)
    history.append(total_loss.detach())
    optimizer.zero_grad()
    total_loss.backward()
    optimizer.step()

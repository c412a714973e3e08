import torch
import torch.nn as nn

from mask_loss import MaskAttentionLoss
from model import SegNet

torch.manual_seed(0)
model = SegNet()
criterion = MaskAttentionLoss(criterion=nn.CrossEntropyLoss(reduction="none"), loss_weights=[1.0, 0.8])
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)

batches = []
for has_object in (True, False):
    images = torch.randn(2, 3, 16, 16)
    target = torch.randint(0, 4, (2, 16, 16))
    edge_mask = torch.zeros(2, 1, 16, 16)
    if has_object:
        edge_mask[:, :, 4:8, 4:8] = 1.0
    batches.append((images, target, edge_mask))

for images, target, edge_mask in batches:
    optimizer.zero_grad()
    loss = criterion(model(images), target, edge_mask)
    loss.backward()
    optimizer.step()
    print(loss.item())

import torch

from losses import BinaryFocalLossWithLogits
from model import SegHead

torch.manual_seed(0)

model = SegHead(in_channels=8)
criterion = BinaryFocalLossWithLogits(alpha=0.25, gamma=2.0, reduction="mean")
optimizer = torch.optim.SGD(model.parameters(), lr=1e-2)

# a late-training batch: the head is already very confident on the easy foreground image
with torch.no_grad():
    model.conv.weight.fill_(1.0)
    model.conv.bias.zero_()
feats = torch.full((2, 8, 4, 4), 15.0)
feats[1] = -0.05
target = torch.zeros(2, 1, 4, 4)
target[0] = 1.0

logits = model(feats)
loss = criterion(logits, target)
optimizer.zero_grad()
loss.backward()
optimizer.step()

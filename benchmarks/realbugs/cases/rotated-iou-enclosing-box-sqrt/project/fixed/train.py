import torch

from box_ops import all_corners
from min_enclosing_box import smallest_bounding_box

torch.manual_seed(0)
model = torch.nn.Linear(6, 5)
feats = torch.randn(4, 6)
target = torch.tensor([[0.5, 0.5, 1.0, 0.6, 0.3]]).repeat(4, 1)
pred = model(feats)
pred = torch.cat([pred[:1], target[1:2], pred[2:]], dim=0)
corners = all_corners(pred, target)
diag = smallest_bounding_box(corners)
loss = diag.mean()
loss.backward()
print(loss.item())

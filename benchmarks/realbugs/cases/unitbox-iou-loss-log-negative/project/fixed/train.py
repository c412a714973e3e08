import torch
import torch.nn.functional as F

from losses import IOULoss
from model import UnitBox

torch.manual_seed(0)
H = W = 16
box = (4, 4, 12, 11)   # x1, y1, x2, y2 of the single face in the image


def make_targets():
    ys, xs = torch.meshgrid(torch.arange(H).float(), torch.arange(W).float(), indexing="ij")
    inside = (xs >= box[0]) & (xs <= box[2]) & (ys >= box[1]) & (ys <= box[3])
    dist = torch.stack([ys - box[1], box[3] - ys, xs - box[0], box[2] - xs]) * inside
    return dist.unsqueeze(0), inside.float()[None, None]


bbox_target, score_target = make_targets()
model = UnitBox()
optimizer = torch.optim.SGD(model.parameters(), lr=1e-3, momentum=0.9)
images = torch.randn(1, 3, H, W)
for step in range(2):
    bbox_pred, score_pred = model(images)
    loss_bbox = IOULoss(bbox_pred.permute(0, 2, 3, 1).reshape(-1, 4),
                        bbox_target.permute(0, 2, 3, 1).reshape(-1, 4), weight=1.0)
    loss_score = F.binary_cross_entropy_with_logits(score_pred, score_target)
    loss = loss_bbox + loss_score
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, loss.item())

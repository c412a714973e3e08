import torch

torch.manual_seed(0)


def bbox_overlaps(b1, b2):
    lt = torch.max(b1[:, :2], b2[:, :2])
    rb = torch.min(b1[:, 2:], b2[:, 2:])
    wh = (rb - lt + 1).clamp(min=0)
    overlap = wh[:, 0] * wh[:, 1]
    area1 = (b1[:, 2] - b1[:, 0] + 1) * (b1[:, 3] - b1[:, 1] + 1)
    area2 = (b2[:, 2] - b2[:, 0] + 1) * (b2[:, 3] - b2[:, 1] + 1)
    return overlap / (area1 + area2 - overlap)


deltas = torch.zeros(3, 4, requires_grad=True)
anchors = torch.tensor([[10.0, 10.0, 30.0, 30.0], [50.0, 50.0, 70.0, 80.0], [0.0, 0.0, 8.0, 8.0]])
target = torch.tensor([[12.0, 8.0, 32.0, 28.0], [55.0, 52.0, 72.0, 85.0], [40.0, 40.0, 60.0, 60.0]])
pred = anchors + deltas * 10
ious = bbox_overlaps(pred, target)
loss = -ious.log()
loss = loss.mean()
loss.backward()
print(loss)

import torch


def box_iou(boxes1, boxes2):
    area1 = (boxes1[:, 2] - boxes1[:, 0]) * (boxes1[:, 3] - boxes1[:, 1])
    area2 = (boxes2[:, 2] - boxes2[:, 0]) * (boxes2[:, 3] - boxes2[:, 1])
    lt = torch.max(boxes1[:, None, :2], boxes2[:, :2])
    rb = torch.min(boxes1[:, None, 2:], boxes2[:, 2:])
    wh = (rb - lt).clamp(min=0)
    inter = wh[:, :, 0] * wh[:, :, 1]
    return inter / (area1[:, None] + area2 - inter)


preds = [
    {"boxes": torch.tensor([[69.0, 33.0, 237.0, 224.0]]), "labels": torch.tensor([6])},
    {"boxes": torch.empty(0, 4), "labels": torch.tensor([], dtype=torch.long)},
]
target = [
    {"boxes": torch.tensor([[86.0, 15.0, 214.0, 224.0]]), "labels": torch.tensor([6])},
    {"boxes": torch.tensor([[8.0, 70.0, 76.0, 110.0], [247.0, 131.0, 315.0, 175.0]]), "labels": torch.tensor([0, 0])},
]
ious = []
for p, t in zip(preds, target):
    iou = box_iou(p["boxes"], t["boxes"])
    ious.append(iou.mean())
result = torch.stack(ious).mean()
print(result)

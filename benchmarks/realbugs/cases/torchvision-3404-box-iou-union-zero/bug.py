import torch


def box_area(boxes):
    return (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])


def box_iou(boxes1, boxes2):
    area1 = box_area(boxes1)
    area2 = box_area(boxes2)
    lt = torch.max(boxes1[:, None, :2], boxes2[:, :2])
    rb = torch.min(boxes1[:, None, 2:], boxes2[:, 2:])
    wh = (rb - lt).clamp(min=0)
    inter = wh[:, :, 0] * wh[:, :, 1]
    union = area1[:, None] + area2 - inter
    return inter / union


gt_boxes = torch.tensor([[10.0, 40.0, 20.0, 20.0]])
anchors = torch.tensor([[60.0, 50.0, 40.0, 40.0], [0.0, 30.0, 40.0, 60.0]])
iou = box_iou(anchors, gt_boxes)
print(iou)

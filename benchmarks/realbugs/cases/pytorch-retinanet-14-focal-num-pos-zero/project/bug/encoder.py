import torch


def box_iou(box1, box2):
    lt = torch.max(box1[:, None, :2], box2[:, :2])
    rb = torch.min(box1[:, None, 2:], box2[:, 2:])
    wh = (rb - lt).clamp(min=0)
    inter = wh[:, :, 0] * wh[:, :, 1]
    area1 = (box1[:, 2] - box1[:, 0]) * (box1[:, 3] - box1[:, 1])
    area2 = (box2[:, 2] - box2[:, 0]) * (box2[:, 3] - box2[:, 1])
    return inter / (area1[:, None] + area2 - inter)


class DataEncoder:
    def __init__(self, anchor_size=32.0, stride=16, input_size=64):
        n = input_size // stride
        cy, cx = torch.meshgrid(torch.arange(n) * stride + stride / 2, torch.arange(n) * stride + stride / 2, indexing="ij")
        cx, cy = cx.flatten().float(), cy.flatten().float()
        half = anchor_size / 2
        self.anchor_boxes = torch.stack([cx - half, cy - half, cx + half, cy + half], 1)

    def encode(self, boxes, labels):
        ious = box_iou(self.anchor_boxes, boxes)
        max_ious, max_ids = ious.max(1)
        boxes = boxes[max_ids]
        loc_targets = (boxes - self.anchor_boxes) / 32.0
        cls_targets = 1 + labels[max_ids]
        cls_targets[max_ious < 0.5] = 0
        ignore = (max_ious > 0.4) & (max_ious < 0.5)
        cls_targets[ignore] = -1
        return loc_targets, cls_targets

import torch
from metrics.functional import box_iou


class IntersectionOverUnion:
    def __init__(self):
        self.groundtruth_labels = []
        self.iou_matrix = []

    def update(self, preds, target):
        for p, t in zip(preds, target):
            self.iou_matrix.append(box_iou(p["boxes"], t["boxes"]))
            self.groundtruth_labels.append(t["labels"])

    def compute(self):
        score = torch.cat([mat.mean().view(1) for mat in self.iou_matrix], 0).mean()
        return {"iou": score}

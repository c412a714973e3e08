import torch

from utils.metrics import bbox_iou


class ComputeLoss:
    def __init__(self, anchors):
        self.anchors = anchors

    def __call__(self, pi, tbox):
        pxy = pi[:, :2].sigmoid() * 2 - 0.5
        pwh = (pi[:, 2:4].sigmoid() * 2) ** 2 * self.anchors
        pbox = torch.cat((pxy, pwh), 1)
        iou = bbox_iou(pbox, tbox, CIoU=True).squeeze()
        lbox = (1.0 - iou).mean()
        return lbox

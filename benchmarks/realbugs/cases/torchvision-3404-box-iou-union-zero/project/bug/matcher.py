from utils.boxes import box_iou


class Matcher:
    def __init__(self, fg_iou_thresh=0.5, bg_iou_thresh=0.4):
        self.fg = fg_iou_thresh
        self.bg = bg_iou_thresh

    def __call__(self, anchors, gt_boxes):
        iou = box_iou(anchors, gt_boxes)
        best_iou, best_gt = iou.max(dim=1)
        labels = (best_iou >= self.fg).long()
        labels[best_iou < self.bg] = 0
        return iou, best_gt, labels

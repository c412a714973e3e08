from yolov6.utils.figure_iou import IOUloss


class BboxLoss:
    def __init__(self, iou_type="siou"):
        self.iou_loss = IOUloss(box_format="xyxy", iou_type=iou_type, eps=1e-10)

    def __call__(self, pred_bboxes, target_bboxes, fg_mask):
        pred_bboxes_pos = pred_bboxes[fg_mask]
        target_bboxes_pos = target_bboxes[fg_mask]
        return self.iou_loss(pred_bboxes_pos, target_bboxes_pos).mean()

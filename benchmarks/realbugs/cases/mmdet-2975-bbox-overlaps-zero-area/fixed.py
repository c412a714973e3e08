# mmdetection PR #2975: bbox_overlaps divides overlap by a zero union when boxes have zero area -> NaN IoU
import torch


def bbox_overlaps(bboxes1, bboxes2, mode='iou', is_aligned=False, eps=1e-6):
    assert mode in ['iou', 'iof']

    rows = bboxes1.size(0)
    cols = bboxes2.size(0)
    if is_aligned:
        assert rows == cols

    if rows * cols == 0:
        return bboxes1.new(rows, 1) if is_aligned else bboxes1.new(rows, cols)

    if is_aligned:
        lt = torch.max(bboxes1[:, :2], bboxes2[:, :2])  # [rows, 2]
        rb = torch.min(bboxes1[:, 2:], bboxes2[:, 2:])  # [rows, 2]

        wh = (rb - lt).clamp(min=0)  # [rows, 2]
        overlap = wh[:, 0] * wh[:, 1]
        area1 = (bboxes1[:, 2] - bboxes1[:, 0]) * (
            bboxes1[:, 3] - bboxes1[:, 1])

        if mode == 'iou':
            area2 = (bboxes2[:, 2] - bboxes2[:, 0]) * (
                bboxes2[:, 3] - bboxes2[:, 1])
            ious = overlap / (area1 + area2 - overlap + eps)
        else:
            ious = overlap / area1
    else:
        raise NotImplementedError
    return ious


# triggering input: in the new coordinate system (no +1) a degenerate gt box and its prediction have zero area
pred = torch.tensor([[10.0, 10.0, 50.0, 40.0], [30.0, 30.0, 30.0, 30.0]], requires_grad=True)
gt = torch.tensor([[12.0, 8.0, 48.0, 44.0], [30.0, 30.0, 30.0, 30.0]])
ious = bbox_overlaps(pred, gt, is_aligned=True)
loss = (1 - ious).mean()
loss.backward()
grad = pred.grad

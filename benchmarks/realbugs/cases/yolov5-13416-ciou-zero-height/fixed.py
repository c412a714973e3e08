# ultralytics/yolov5#13416 fixed (standard fix): clamp the heights before dividing, as the xyxy branch does.
import math
import torch

torch.manual_seed(0)


def bbox_iou(box1, box2, xywh=True, GIoU=False, DIoU=False, CIoU=False, eps=1e-7):
    (x1, y1, w1, h1), (x2, y2, w2, h2) = box1.chunk(4, -1), box2.chunk(4, -1)
    h1, h2 = h1.clamp(eps), h2.clamp(eps)
    w1_, h1_, w2_, h2_ = w1 / 2, h1 / 2, w2 / 2, h2 / 2
    b1_x1, b1_x2, b1_y1, b1_y2 = x1 - w1_, x1 + w1_, y1 - h1_, y1 + h1_
    b2_x1, b2_x2, b2_y1, b2_y2 = x2 - w2_, x2 + w2_, y2 - h2_, y2 + h2_
    inter = (b1_x2.minimum(b2_x2) - b1_x1.maximum(b2_x1)).clamp(0) * \
            (b1_y2.minimum(b2_y2) - b1_y1.maximum(b2_y1)).clamp(0)
    union = w1 * h1 + w2 * h2 - inter + eps
    iou = inter / union
    cw = b1_x2.maximum(b2_x2) - b1_x1.minimum(b2_x1)
    ch = b1_y2.maximum(b2_y2) - b1_y1.minimum(b2_y1)
    c2 = cw.pow(2) + ch.pow(2) + eps
    rho2 = ((b2_x1 + b2_x2 - b1_x1 - b1_x2).pow(2) + (b2_y1 + b2_y2 - b1_y1 - b1_y2).pow(2)) / 4
    v = (4 / math.pi ** 2) * (torch.atan(w2 / h2) - torch.atan(w1 / h1)).pow(2)
    with torch.no_grad():
        alpha = v / (v - iou + (1 + eps))
    return iou - (rho2 / c2 + v * alpha)  # CIoU


anchors = torch.tensor([[1.25, 1.625]])
pi = torch.randn(3, 4)
pi[1, 3] = -120.0  # a pruned model's head emits a huge negative h logit: sigmoid underflows to 0
pi.requires_grad_()
pxy = pi[:, :2].sigmoid() * 2 - 0.5
pwh = (pi[:, 2:4].sigmoid() * 2) ** 2 * anchors
pbox = torch.cat((pxy, pwh), 1)
tbox = torch.tensor([[0.4, 0.6, 1.0, 1.5], [0.5, 0.5, 2.0, 1.0], [0.3, 0.2, 0.8, 0.9]])
iou = bbox_iou(pbox, tbox, CIoU=True).squeeze()
lbox = (1.0 - iou).mean()
lbox.backward()
grad = pi.grad

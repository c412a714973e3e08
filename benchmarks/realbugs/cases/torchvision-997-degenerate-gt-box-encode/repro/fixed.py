import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def encode_boxes(reference_boxes: Tensor, proposals: Tensor, weights: Tensor) -> Tensor:
    """
    Encode a set of proposals with respect to some
    reference boxes
    """
    # perform some unpacking to make it JIT-fusion friendly
    wx = weights[0]
    wy = weights[1]
    ww = weights[2]
    wh = weights[3]

    proposals_x1 = proposals[:, 0].unsqueeze(1)
    proposals_y1 = proposals[:, 1].unsqueeze(1)
    proposals_x2 = proposals[:, 2].unsqueeze(1)
    proposals_y2 = proposals[:, 3].unsqueeze(1)

    reference_boxes_x1 = reference_boxes[:, 0].unsqueeze(1)
    reference_boxes_y1 = reference_boxes[:, 1].unsqueeze(1)
    reference_boxes_x2 = reference_boxes[:, 2].unsqueeze(1)
    reference_boxes_y2 = reference_boxes[:, 3].unsqueeze(1)

    # implementation starts here
    ex_widths = proposals_x2 - proposals_x1
    ex_heights = proposals_y2 - proposals_y1
    ex_ctr_x = proposals_x1 + 0.5 * ex_widths
    ex_ctr_y = proposals_y1 + 0.5 * ex_heights

    gt_widths = reference_boxes_x2 - reference_boxes_x1
    gt_heights = reference_boxes_y2 - reference_boxes_y1
    gt_ctr_x = reference_boxes_x1 + 0.5 * gt_widths
    gt_ctr_y = reference_boxes_y1 + 0.5 * gt_heights

    targets_dx = wx * (gt_ctr_x - ex_ctr_x) / ex_widths
    targets_dy = wy * (gt_ctr_y - ex_ctr_y) / ex_heights
    targets_dw = ww * torch.log(gt_widths / ex_widths)
    targets_dh = wh * torch.log(gt_heights / ex_heights)

    targets = torch.cat((targets_dx, targets_dy, targets_dw, targets_dh), dim=1)
    return targets


class BoxCoder:
    """
    This class encodes and decodes a set of bounding boxes into
    the representation used for training the regressors.
    """

    def __init__(self, weights, bbox_xform_clip: float = math.log(1000.0 / 16)) -> None:
        self.weights = weights
        self.bbox_xform_clip = bbox_xform_clip

    def encode_single(self, reference_boxes: Tensor, proposals: Tensor) -> Tensor:
        dtype = reference_boxes.dtype
        device = reference_boxes.device
        weights = torch.as_tensor(self.weights, dtype=dtype, device=device)
        return encode_boxes(reference_boxes, proposals, weights)


def box_iou(boxes1: Tensor, boxes2: Tensor) -> Tensor:
    area1 = (boxes1[:, 2] - boxes1[:, 0]) * (boxes1[:, 3] - boxes1[:, 1])
    area2 = (boxes2[:, 2] - boxes2[:, 0]) * (boxes2[:, 3] - boxes2[:, 1])
    lt = torch.max(boxes1[:, None, :2], boxes2[:, :2])
    rb = torch.min(boxes1[:, None, 2:], boxes2[:, 2:])
    wh = (rb - lt).clamp(min=0)
    inter = wh[:, :, 0] * wh[:, :, 1]
    return inter / (area1[:, None] + area2 - inter)


class PennFudanStyleDataset:
    """Own dataset in the format of the torchvision detection finetuning tutorial."""

    def __init__(self, annotations):
        self.annotations = annotations

    def __len__(self):
        return len(self.annotations)

    def __getitem__(self, idx):
        ann = self.annotations[idx]
        img = torch.rand(3, 64, 64, generator=torch.Generator().manual_seed(idx))
        boxes = torch.as_tensor(ann["boxes"], dtype=torch.float32)
        labels = torch.as_tensor(ann["labels"], dtype=torch.int64)
        keep = (boxes[:, 3] > boxes[:, 1]) & (boxes[:, 2] > boxes[:, 0])
        boxes = boxes[keep]
        labels = labels[keep]
        target = {"boxes": boxes, "labels": labels, "image_id": torch.tensor([idx])}
        return img, target

torch.manual_seed(0)

num_classes = 5
annotations = [
    # an annotation tool export: the second object was clicked twice at the same x (zero width)
    {"boxes": [[10, 12, 30, 40], [44, 20, 44, 52]], "labels": [1, 3]},
]
dataset = PennFudanStyleDataset(annotations)
box_coder = BoxCoder(weights=(10.0, 10.0, 5.0, 5.0))

backbone = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(4), nn.Flatten())
box_predictor = nn.Linear(8 * 16 + 4, num_classes * 4)
params = list(backbone.parameters()) + list(box_predictor.parameters())
optimizer = torch.optim.SGD(params, lr=0.005, momentum=0.9, weight_decay=0.0005)

img, target = dataset[0]
gt_boxes = target["boxes"]
# proposals from the RPN: jittered copies of the ground truth plus background boxes
proposals = torch.cat([gt_boxes + torch.tensor([-2.0, -1.0, 3.0, 2.0]), torch.tensor([[0.0, 0.0, 16.0, 16.0], [40.0, 40.0, 60.0, 60.0]])])
match_quality = box_iou(gt_boxes, proposals)
matched_vals, matched_idxs = match_quality.max(dim=0)
labels = target["labels"][matched_idxs]
labels[matched_vals < 0.5] = 0
# allow low-quality matches: every ground-truth box keeps its best proposal
best_proposal_per_gt = match_quality.argmax(dim=1)
matched_idxs[best_proposal_per_gt] = torch.arange(len(gt_boxes))
labels[best_proposal_per_gt] = target["labels"]
regression_targets = box_coder.encode_single(gt_boxes[matched_idxs], proposals)

features = backbone(img[None]).expand(len(proposals), -1)
box_regression = box_predictor(torch.cat([features, proposals / 64.0], dim=1)).reshape(len(proposals), -1, 4)
sampled_pos_inds_subset = torch.where(labels > 0)[0]
labels_pos = labels[sampled_pos_inds_subset]
box_loss = F.smooth_l1_loss(
    box_regression[sampled_pos_inds_subset, labels_pos],
    regression_targets[sampled_pos_inds_subset],
    beta=1 / 9,
    reduction="sum",
) / labels.numel()
optimizer.zero_grad()
box_loss.backward()
optimizer.step()

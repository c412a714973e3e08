import torch
import torch.nn as nn
import torch.nn.functional as F

from dataset import PennFudanStyleDataset
from det_utils import BoxCoder, box_iou

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

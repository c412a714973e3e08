import torch

from utils import boxes as box_utils

BBOX_REG_WEIGHTS = (10.0, 10.0, 5.0, 5.0)


def compute_targets(ex_rois, gt_rois, labels):
    """Compute bounding-box regression targets for an image."""
    targets = box_utils.bbox_transform_inv(ex_rois, gt_rois, BBOX_REG_WEIGHTS)
    inside_weights = (labels > 0).float().unsqueeze(1).expand_as(targets)
    return targets, inside_weights


def sample_rois(rois, gt_boxes, gt_classes):
    """Here every roi is matched to the gt box of the same index (IoU matching done upstream)."""
    labels = gt_classes.clone()
    targets, inside_weights = compute_targets(rois, gt_boxes, labels)
    return {"rois": rois, "labels_int32": labels, "bbox_targets": targets, "bbox_inside_weights": inside_weights}

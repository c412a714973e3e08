from .iou_calculators import bbox_overlaps

from .iou import IntersectionOverUnion

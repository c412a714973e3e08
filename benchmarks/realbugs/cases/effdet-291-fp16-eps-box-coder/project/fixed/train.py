import torch

from anchors import AnchorLabeler

anchors = torch.tensor([[0.1, 0.1, 0.5, 0.5], [0.2, 0.2, 0.6, 0.6]], dtype=torch.float16)
labeler = AnchorLabeler(anchors)
gt_boxes = torch.tensor([[0.1, 0.1, 0.4, 0.5], [0.2, 0.3, 0.6, 0.3]], dtype=torch.float16)
rel_codes = labeler.label_anchors(gt_boxes)

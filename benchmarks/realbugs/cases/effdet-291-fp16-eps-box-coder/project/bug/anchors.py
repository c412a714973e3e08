from object_detection.box_coder import FasterRcnnBoxCoder
from object_detection.box_list import BoxList


class AnchorLabeler(object):
    def __init__(self, anchor_boxes):
        self.anchor_boxes = anchor_boxes
        self.box_coder = FasterRcnnBoxCoder()

    def label_anchors(self, gt_boxes):
        return self.box_coder.encode(BoxList(gt_boxes), BoxList(self.anchor_boxes))

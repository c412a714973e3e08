import numpy as np


def load_pascal_annotation(objs, num_classes=3):
    """Load image and bounding boxes info from the (parsed) XML objects of one image."""
    num_objs = len(objs)
    boxes = np.zeros((num_objs, 4), dtype=np.uint16)
    gt_classes = np.zeros((num_objs), dtype=np.int32)
    for ix, obj in enumerate(objs):
        bbox = obj['bndbox']
        # this dataset's pixel indexes are already 0-based
        x1 = float(bbox['xmin'])
        y1 = float(bbox['ymin'])
        x2 = float(bbox['xmax'])
        y2 = float(bbox['ymax'])
        # the uint16 array wraps -1 to 65535 (numpy < 2 behaviour, kept explicit here)
        boxes[ix, :] = np.array([x1, y1, x2, y2]).astype(np.int64).astype(np.uint16)
        gt_classes[ix] = obj['cls']
    return {'boxes': boxes, 'gt_classes': gt_classes}

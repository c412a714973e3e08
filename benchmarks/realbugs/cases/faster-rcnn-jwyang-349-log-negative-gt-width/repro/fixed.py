# https://github.com/jwyang/faster-rcnn.pytorch/issues/349 -- fixed as in the thread (rnjtsh's comment):
# the dataset is already 0-based, so the loader keeps the coordinates as they are instead of subtracting 1.
import numpy as np
import torch

# load_pascal_annotation on a 0-based dataset: one object touches the image's left edge (xmin = 0)
objs = [(0.0, 12.0, 40.0, 60.0), (15.0, 20.0, 70.0, 90.0)]
boxes = np.zeros((len(objs), 4), dtype=np.uint16)
for ix, (xmin, ymin, xmax, ymax) in enumerate(objs):
    # stored in the uint16 array; -1 wraps to 65535 (what numpy < 2 did on this assignment)
    boxes[ix, :] = np.array([xmin, ymin, xmax, ymax]).astype(np.int64).astype(np.uint16)
gt_rois = torch.from_numpy(boxes.astype(np.float32)).unsqueeze(0)
ex_rois = torch.tensor([[[2.0, 10.0, 44.0, 58.0], [12.0, 22.0, 66.0, 95.0]]])

ex_widths = ex_rois[:, :, 2] - ex_rois[:, :, 0] + 1.0
ex_heights = ex_rois[:, :, 3] - ex_rois[:, :, 1] + 1.0
ex_ctr_x = ex_rois[:, :, 0] + 0.5 * ex_widths
gt_widths = gt_rois[:, :, 2] - gt_rois[:, :, 0] + 1.0
gt_heights = gt_rois[:, :, 3] - gt_rois[:, :, 1] + 1.0
gt_ctr_x = gt_rois[:, :, 0] + 0.5 * gt_widths
targets_dx = (gt_ctr_x - ex_ctr_x) / ex_widths
targets_dw = torch.log(gt_widths / ex_widths)
targets_dh = torch.log(gt_heights / ex_heights)
targets = torch.stack((targets_dx, targets_dw, targets_dh), 2)

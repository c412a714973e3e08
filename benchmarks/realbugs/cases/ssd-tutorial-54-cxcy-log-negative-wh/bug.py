# a-PyTorch-Tutorial-to-Object-Detection issue #54: cxcy_to_gcxgcy returns NaN (log of a negative width for a mis-ordered box)
import torch


def xy_to_cxcy(xy):
    return torch.cat([(xy[:, 2:] + xy[:, :2]) / 2,  # c_x, c_y
                      xy[:, 2:] - xy[:, :2]], 1)  # w, h


def cxcy_to_gcxgcy(cxcy, priors_cxcy):
    return torch.cat([(cxcy[:, :2] - priors_cxcy[:, :2]) / (priors_cxcy[:, 2:] / 10),  # g_c_x, g_c_y
                      torch.log(cxcy[:, 2:] / priors_cxcy[:, 2:]) * 5], 1)  # g_w, g_h


priors_cxcy = torch.tensor([[0.25, 0.25, 0.3, 0.3], [0.75, 0.75, 0.3, 0.3]])
# triggering input: the second annotation is stored as [x_max, y_max, x_min, y_min]
boxes = torch.tensor([[0.10, 0.12, 0.42, 0.40], [0.90, 0.85, 0.60, 0.55]])
true_locs = cxcy_to_gcxgcy(xy_to_cxcy(boxes), priors_cxcy)

# Project-MONAI/MONAI#120, benign inputs: every channel of every image has foreground in the label and in
# the prediction. The bug (0 / 0) needs a channel whose label and prediction are both empty.
import torch


def compute_meandice(y_pred, y, include_background=True, add_sigmoid=False, logit_thresh=0.5):
    n_channels_y_pred = y_pred.shape[1]
    if add_sigmoid:
        y_pred = y_pred.float().sigmoid()
    y_pred = (y_pred >= logit_thresh).float()
    if not include_background:
        y = y[:, 1:] if y.shape[1] > 1 else y
        y_pred = y_pred[:, 1:] if n_channels_y_pred > 1 else y_pred

    # reducing only spatial dimensions (not batch nor channels)
    reduce_axis = list(range(2, y_pred.dim()))
    intersection = torch.sum(y * y_pred, reduce_axis)

    y_o = torch.sum(y, reduce_axis)
    y_pred_o = torch.sum(y_pred, reduce_axis)
    denominator = y_o + y_pred_o

    f = (2.0 * intersection) / denominator
    # final reduce_mean across batches and channels
    return torch.mean(f)


torch.manual_seed(0)
y = torch.zeros(2, 2, 8, 8)
y[:, 0, 2:6, 2:6] = 1.0
y[:, 1, 0:2, 0:3] = 1.0
y_pred = torch.zeros(2, 2, 8, 8)
y_pred[:, 0, 2:7, 2:6] = 1.0
y_pred[:, 1, 0:2, 0:2] = 1.0
mean_dice = compute_meandice(y_pred, y)

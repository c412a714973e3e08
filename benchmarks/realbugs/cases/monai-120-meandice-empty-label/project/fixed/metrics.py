import torch


def compute_meandice(y_pred, y, include_background=True, add_sigmoid=False, logit_thresh=0.5):
    n_channels_y_pred = y_pred.shape[1]
    if add_sigmoid:
        y_pred = y_pred.float().sigmoid()
    y_pred = (y_pred >= logit_thresh).float()
    if not include_background:
        y = y[:, 1:] if y.shape[1] > 1 else y
        y_pred = y_pred[:, 1:] if n_channels_y_pred > 1 else y_pred

    reduce_axis = list(range(2, y_pred.dim()))
    intersection = torch.sum(y * y_pred, reduce_axis)

    y_o = torch.sum(y, reduce_axis)
    y_pred_o = torch.sum(y_pred, reduce_axis)
    denominator = y_o + y_pred_o

    valid = y_o > 0
    f = (2.0 * intersection[valid]) / denominator[valid]
    return torch.mean(f)


class MeanDice:
    def __init__(self, include_background=True, add_sigmoid=False):
        self.include_background = include_background
        self.add_sigmoid = add_sigmoid

    def __call__(self, y_pred, y):
        return compute_meandice(y_pred, y, self.include_background, self.add_sigmoid)

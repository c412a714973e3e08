import torch


def log_growth_loss(pred_return):
    valid = pred_return > -1
    log_growth = torch.log1p(pred_return[valid])
    return -log_growth.mean()

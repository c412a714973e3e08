import torch


def criterion(y_pred, y_true, log_vars):
    loss = 0
    for i in range(len(y_pred)):
        precision = torch.exp(-log_vars[i].clamp(min=-20.0))
        diff = (y_pred[i] - y_true[i]) ** 2.0
        loss += torch.sum(precision * diff + log_vars[i], -1)
    return torch.mean(loss)

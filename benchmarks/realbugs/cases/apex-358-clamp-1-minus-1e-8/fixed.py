# apex #358 fixed (ptrblck's suggestion): add eps inside both torch.log arguments.
import torch

torch.manual_seed(0)


def criterion(y_pred, y_true, gamma=0.0, eps=1e-8):
    y_pred = torch.clamp(y_pred, eps, 1 - eps)
    y_true = y_true.unsqueeze(1)
    y_pred = y_pred.unsqueeze(1)
    loss = torch.sum(
        y_true * torch.pow(1 - y_pred, gamma) * torch.log(y_pred + eps)
        + (1 - y_true) * torch.pow(y_pred, gamma) * torch.log(1 - y_pred + eps),
        dim=1,
    )
    return -1.0 * loss.sum() / y_pred.size(0)


y_pred = torch.tensor([9.9707e-01, 9.7266e-01, 9.6777e-01, 1.0000e+00, 8.7280e-02, 7.7393e-01,
                       1.7957e-01, 9.6582e-01, 0.0000e+00, 1.0000e+00, 4.3579e-01, 4.5929e-02])
y_true = torch.randint(0, 2, y_pred.size()).float()
y_true[3] = 1.0
loss = criterion(y_pred, y_true)

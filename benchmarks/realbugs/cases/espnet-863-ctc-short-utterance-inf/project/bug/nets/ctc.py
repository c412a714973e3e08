import torch
import torch.nn.functional as F


class CTC(torch.nn.Module):
    """CTC module

    :param int odim: dimension of outputs
    :param int eprojs: number of encoder projection units
    :param float dropout_rate: dropout rate (0.0 ~ 1.0)
    """

    def __init__(self, odim, eprojs, dropout_rate, reduce=True):
        super().__init__()
        self.dropout_rate = dropout_rate
        self.loss = None
        self.ctc_lo = torch.nn.Linear(eprojs, odim)
        reduction_type = "sum" if reduce else "none"
        self.loss_fn = torch.nn.CTCLoss(reduction=reduction_type)
        self.ignore_id = -1
        self.reduce = reduce

    def forward(self, hs_pad, hlens, ys_pad):
        ys = [y[y != self.ignore_id] for y in ys_pad]  # parse padded ys
        self.loss = None
        hlens = hlens.long()
        olens = torch.tensor([y.size(0) for y in ys], dtype=torch.long)
        ys_true = torch.cat(ys).long()

        ys_hat = self.ctc_lo(F.dropout(hs_pad, p=self.dropout_rate))
        ys_hat = ys_hat.transpose(0, 1).log_softmax(2)
        self.loss = self.loss_fn(ys_hat, ys_true, hlens, olens)
        if self.reduce:
            self.loss = self.loss.sum() / ys_hat.size(1)
        return self.loss

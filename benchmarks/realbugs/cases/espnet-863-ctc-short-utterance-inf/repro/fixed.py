# Standard fix (what later ESPnet versions do by default, ctc_zero_infinity): CTCLoss with
# zero_infinity=True, so an utterance with no valid alignment contributes 0 instead of inf.
import torch
import torch.nn.functional as F


class Conv2dSubsampling(torch.nn.Module):
    """Convolutional 2D subsampling (to 1/4 length)."""

    def __init__(self, idim, odim):
        super(Conv2dSubsampling, self).__init__()
        self.conv = torch.nn.Sequential(
            torch.nn.Conv2d(1, odim, 3, 2),
            torch.nn.ReLU(),
            torch.nn.Conv2d(odim, odim, 3, 2),
            torch.nn.ReLU(),
        )
        self.out = torch.nn.Linear(odim * (((idim - 1) // 2 - 1) // 2), odim)

    def forward(self, x, ilens):
        x = x.unsqueeze(1)  # (b, c, t, f)
        x = self.conv(x)
        b, c, t, f = x.size()
        x = self.out(x.transpose(1, 2).contiguous().view(b, t, c * f))
        hlens = ((ilens - 1) // 2 - 1) // 2
        return x, hlens


class Encoder(torch.nn.Module):
    def __init__(self, idim, adim=32, eunits=64):
        super(Encoder, self).__init__()
        self.embed = Conv2dSubsampling(idim, adim)
        self.ff = torch.nn.Sequential(
            torch.nn.Linear(adim, eunits),
            torch.nn.ReLU(),
            torch.nn.Linear(eunits, adim),
        )
        self.norm = torch.nn.LayerNorm(adim)

    def forward(self, xs, ilens):
        xs, hlens = self.embed(xs, ilens)
        xs = self.norm(xs + self.ff(xs))
        return xs, hlens


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
        self.loss_fn = torch.nn.CTCLoss(reduction=reduction_type, zero_infinity=True)
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


class E2E(torch.nn.Module):
    def __init__(self, idim, odim, adim=32, dropout_rate=0.1):
        super(E2E, self).__init__()
        self.encoder = Encoder(idim, adim)
        self.ctc = CTC(odim, adim, dropout_rate)

    def forward(self, xs_pad, ilens, ys_pad):
        hs_pad, hlens = self.encoder(xs_pad, ilens)
        loss_ctc = self.ctc(hs_pad, hlens, ys_pad)
        return loss_ctc


torch.manual_seed(0)

idim, odim = 20, 12
model = E2E(idim, odim)
optimizer = torch.optim.Adadelta(model.parameters(), rho=0.95, eps=1e-8)

# batch of 3 utterances
ilens = torch.tensor([80, 64, 20])
xs_pad = torch.randn(3, 80, idim)
for i, l in enumerate(ilens):
    xs_pad[i, l:] = 0.0
ys_pad = torch.full((3, 8), -1, dtype=torch.long)
ys_pad[0, :6] = torch.tensor([3, 5, 7, 2, 9, 4])
ys_pad[1, :5] = torch.tensor([1, 4, 4, 8, 2])
ys_pad[2, :8] = torch.tensor([6, 2, 11, 3, 5, 10, 7, 1])

model.train()
loss = model(xs_pad, ilens, ys_pad)
optimizer.zero_grad()
loss.backward()
optimizer.step()
print("loss", loss.item())

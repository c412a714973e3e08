import torch

from nets.ctc import CTC
from nets.encoder import Encoder


class E2E(torch.nn.Module):
    def __init__(self, idim, odim, adim=32, dropout_rate=0.1):
        super(E2E, self).__init__()
        self.encoder = Encoder(idim, adim)
        self.ctc = CTC(odim, adim, dropout_rate)

    def forward(self, xs_pad, ilens, ys_pad):
        hs_pad, hlens = self.encoder(xs_pad, ilens)
        loss_ctc = self.ctc(hs_pad, hlens, ys_pad)
        return loss_ctc

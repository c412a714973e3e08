import torch
import torch.nn as nn
import torch.nn.functional as F


class CTC(nn.Module):
    def __init__(self, odim, encoder_output_size, blank_id=0):
        super().__init__()
        self.ctc_lo = nn.Linear(encoder_output_size, odim)
        self.ctc_loss = nn.CTCLoss(blank=blank_id, reduction="sum", zero_infinity=True)

    def forward(self, hs_pad, hlens, ys_pad, ys_lens):
        ys_hat = self.ctc_lo(hs_pad)
        ys_hat = F.log_softmax(ys_hat, dim=2).transpose(0, 1)
        loss = self.ctc_loss(ys_hat, ys_pad, hlens, ys_lens)
        loss = loss / ys_hat.size(1)
        return loss

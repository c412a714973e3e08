import torch
import torch.nn as nn


class CTCLoss(nn.Module):
    def __init__(self, flatten=True, blank=0, reduction="mean", zero_infinity=False, **kwargs):
        super().__init__()
        self.flatten = flatten
        self.blank = blank
        self.ctc_loss = nn.CTCLoss(blank=blank, reduction=reduction, zero_infinity=zero_infinity)

    def forward(self, outputs, targets_dict, img_metas=None):
        outputs = torch.log_softmax(outputs, dim=2)
        bsz, seq_len = outputs.size(0), outputs.size(1)
        outputs_for_loss = outputs.permute(1, 0, 2).contiguous()  # T * N * C

        targets = targets_dict["flatten_targets"]
        target_lengths = targets_dict["target_lengths"]
        input_lengths = torch.full(size=(bsz,), fill_value=seq_len, dtype=torch.long)

        loss_ctc = self.ctc_loss(outputs_for_loss, targets, input_lengths, target_lengths)
        return dict(loss_ctc=loss_ctc)

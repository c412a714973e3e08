import torch.nn as nn

from masking import IGNORE_INDEX


class ConstrainedLMLoss(nn.Module):
    def __init__(self):
        super().__init__()
        self.ce = nn.CrossEntropyLoss(ignore_index=IGNORE_INDEX)

    def forward(self, logits, vocab_mask, targets):
        logits = logits + vocab_mask
        return self.ce(logits, targets)

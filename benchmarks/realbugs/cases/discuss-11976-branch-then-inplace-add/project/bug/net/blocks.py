import torch
import torch.nn as nn
import torch.nn.functional as F


class ForkBlock(nn.Module):
    """Main branch plus a side branch that feeds an auxiliary head."""

    def __init__(self, in_ch, out_ch):
        super().__init__()
        self.conv1 = nn.Conv2d(in_ch, out_ch, 3, padding=1)
        self.conv1_p = nn.Conv2d(out_ch, out_ch, 1)
        self.skip = nn.Conv2d(in_ch, out_ch, 1)

    def forward(self, input):
        x = self.conv1(input)  # main branch
        x_p = self.conv1_p(x)  # another branch
        x += self.skip(input)  # main branch
        return F.relu(x), x_p


class ForkNet(nn.Module):
    def __init__(self, num_classes=5):
        super().__init__()
        self.block = ForkBlock(3, 16)
        self.head = nn.Linear(16, num_classes)
        self.aux_head = nn.Linear(16, num_classes)

    def forward(self, images):
        x, x_p = self.block(images)
        logits = self.head(x.mean(dim=(2, 3)))
        aux_logits = self.aux_head(x_p.mean(dim=(2, 3)))
        return logits, aux_logits

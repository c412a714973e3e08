import torch
import torch.nn as nn


class ConvAttentionPool(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.conv = nn.Conv1d(config.channels, config.channels, config.kernel_size, padding=config.kernel_size // 2)
        self.score = nn.Conv1d(config.channels, 1, 1)
        self.mask_value = config.mask_value

    def forward(self, x, padding_mask):
        h = torch.relu(self.conv(x))
        scores = self.score(h).squeeze(1)
        scores = scores.masked_fill(padding_mask, torch.finfo(scores.dtype).min)
        weights = torch.softmax(scores, dim=-1)
        return (h * weights.unsqueeze(1)).sum(-1)

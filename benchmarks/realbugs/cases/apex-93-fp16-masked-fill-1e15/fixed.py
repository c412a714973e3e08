# apex #93 fixed: mask with a value inside the dtype range (finfo(dtype).min) instead of -1e15.
import torch
import torch.nn as nn

torch.manual_seed(0)


class ConvAttentionPool(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv1d(channels, channels, 3, padding=1)
        self.score = nn.Conv1d(channels, 1, 1)

    def forward(self, x, padding_mask):
        h = torch.relu(self.conv(x))
        scores = self.score(h).squeeze(1)
        scores = scores.masked_fill(padding_mask, torch.finfo(scores.dtype).min)
        weights = torch.softmax(scores, dim=-1)
        return (h * weights.unsqueeze(1)).sum(-1)


model = ConvAttentionPool(8).half()
x = torch.randn(2, 8, 10).half()
lengths = torch.tensor([10, 6])
padding_mask = torch.arange(10)[None, :] >= lengths[:, None]
out = model(x, padding_mask)

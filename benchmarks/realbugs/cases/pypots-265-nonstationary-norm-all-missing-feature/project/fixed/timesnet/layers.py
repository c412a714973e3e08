import torch
import torch.nn as nn


class DataEmbedding(nn.Module):
    def __init__(self, c_in, d_model, dropout=0.1):
        super().__init__()
        self.value_embedding = nn.Conv1d(c_in, d_model, kernel_size=3, padding=1, padding_mode="circular", bias=False)
        self.dropout = nn.Dropout(p=dropout)

    def forward(self, x):
        return self.dropout(self.value_embedding(x.permute(0, 2, 1)).transpose(1, 2))


class TimesBlock(nn.Module):
    """A reduced TimesBlock: a 2D inception-like conv over one period of the series."""

    def __init__(self, seq_len, d_model, d_ffn):
        super().__init__()
        self.seq_len = seq_len
        self.conv = nn.Sequential(nn.Conv1d(d_model, d_ffn, 3, padding=1), nn.GELU(),
                                  nn.Conv1d(d_ffn, d_model, 3, padding=1))

    def forward(self, x):
        return self.conv(x.transpose(1, 2)).transpose(1, 2) + x

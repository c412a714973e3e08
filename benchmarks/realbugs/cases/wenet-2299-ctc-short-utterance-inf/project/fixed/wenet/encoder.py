import torch
import torch.nn as nn


class Conv2dSubsampling4(nn.Module):
    def __init__(self, idim, odim):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(1, odim, 3, 2), nn.ReLU(), nn.Conv2d(odim, odim, 3, 2), nn.ReLU())
        self.out = nn.Linear(odim * (((idim - 1) // 2 - 1) // 2), odim)

    def forward(self, x, x_lens):
        x = self.conv(x.unsqueeze(1))
        b, c, t, f = x.size()
        x = self.out(x.transpose(1, 2).reshape(b, t, c * f))
        return x, ((x_lens - 1) // 2 - 1) // 2


class ConformerEncoderLite(nn.Module):
    def __init__(self, idim=20, d_model=16):
        super().__init__()
        self.embed = Conv2dSubsampling4(idim, d_model)
        self.layer = nn.TransformerEncoderLayer(d_model, 2, 32, dropout=0.0, batch_first=True)

    def forward(self, feats, feat_lens):
        x, lens = self.embed(feats, feat_lens)
        pad = torch.arange(x.size(1)).unsqueeze(0) >= lens.unsqueeze(1)
        return self.layer(x, src_key_padding_mask=pad), lens

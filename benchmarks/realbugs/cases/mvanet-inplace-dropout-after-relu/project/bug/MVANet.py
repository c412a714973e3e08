import torch
import torch.nn as nn
import torch.nn.functional as F

from transformer import TransformerEncoderLayer


def make_cbr(in_dim, out_dim):
    return nn.Sequential(nn.Conv2d(in_dim, out_dim, kernel_size=3, padding=1),
                         nn.BatchNorm2d(out_dim), nn.ReLU())


class MVANet(nn.Module):
    def __init__(self, emb_dim=32):
        super().__init__()
        self.backbone = nn.Sequential(make_cbr(3, emb_dim), nn.MaxPool2d(2), make_cbr(emb_dim, emb_dim))
        self.mcrm = TransformerEncoderLayer(emb_dim, nhead=4, dim_feedforward=64)
        self.output = nn.Sequential(make_cbr(emb_dim, emb_dim), nn.Conv2d(emb_dim, 1, kernel_size=1))
        for m in self.modules():
            if isinstance(m, nn.ReLU) or isinstance(m, nn.Dropout):
                m.inplace = True

    def forward(self, x):
        feat = self.backbone(x)
        b, c, h, w = feat.shape
        tokens = self.mcrm(feat.flatten(2).transpose(1, 2))
        feat = tokens.transpose(1, 2).reshape(b, c, h, w)
        pred = self.output(feat)
        return F.interpolate(pred, size=x.shape[2:], mode="bilinear", align_corners=False)

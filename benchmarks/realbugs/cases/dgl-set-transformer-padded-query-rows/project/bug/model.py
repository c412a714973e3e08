import torch as th
import torch.nn as nn
from set_transformer import MultiHeadAttention


class SetTransformerEncoder(nn.Module):
    def __init__(self, d_model=8, num_heads=2, d_head=4, n_classes=3):
        super().__init__()
        self.mha = MultiHeadAttention(d_model, num_heads, d_head)
        self.ffn = nn.Linear(d_model, d_model)
        self.cls = nn.Linear(d_model, n_classes)

    def forward(self, feat, lengths):
        h = feat + self.mha(feat, feat, lengths, lengths)
        h = self.ffn(h)
        readout = th.stack([seg.mean(0) for seg in th.split(h, lengths)])
        return self.cls(readout)

import torch
import torch.nn as nn


class social_stgcnn(nn.Module):
    def __init__(self, input_feat=2, output_feat=5, seq_len=8, pred_seq_len=12, hidden=16):
        super(social_stgcnn, self).__init__()
        self.st_gcn = nn.Sequential(nn.Conv2d(input_feat, hidden, kernel_size=(3, 1), padding=(1, 0)), nn.PReLU())
        self.tpcnn = nn.Conv2d(seq_len, pred_seq_len, 3, padding=1)
        self.output = nn.Conv2d(hidden, output_feat, kernel_size=1)

    def forward(self, v, a=None):
        v = self.st_gcn(v)                      # (1, hidden, seq_len, N)
        v = v.permute(0, 2, 1, 3)               # (1, seq_len, hidden, N)
        v = self.tpcnn(v)                       # (1, pred_seq_len, hidden, N)
        v = self.output(v.permute(0, 2, 1, 3))  # (1, 5, pred_seq_len, N)
        return v.permute(0, 2, 3, 1)            # (1, pred_seq_len, N, 5)

import torch.nn as nn

from x_transformers import ContinuousTransformerWrapper, Encoder


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.LSTM(input_size=64, hidden_size=64, num_layers=1, bidirectional=False, batch_first=True)
        self.transformer = ContinuousTransformerWrapper(max_seq_len=100, attn_layers=Encoder(dim=64, depth=1, heads=4))

    def forward(self, x):
        x, _ = self.rnn(x)
        x = self.transformer(x)
        return x

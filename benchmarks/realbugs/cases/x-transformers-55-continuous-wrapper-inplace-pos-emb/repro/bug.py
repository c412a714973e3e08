# https://github.com/lucidrains/x-transformers/pull/55 -- ContinuousTransformerWrapper does
# x = self.project_in(x); x += self.pos_emb(x); without dim_in, project_in is nn.Identity, so the in-place
# add writes into the caller's tensor -- here the output of an LSTM stacked below the transformer, which
# the LSTM kept for its backward pass: loss.backward() raises.
import torch
import torch.nn as nn

torch.manual_seed(0)
rnn = nn.LSTM(input_size=16, hidden_size=16, num_layers=1, bidirectional=False, batch_first=True)
project_in = nn.Identity()
pos_emb = nn.Embedding(32, 16)
layer = nn.TransformerEncoderLayer(16, 4, 32, batch_first=True)

x = torch.randn(4, 10, 16)
x, _ = rnn(x)
x = project_in(x)
x += pos_emb(torch.arange(x.shape[1]))[None, :, :]
x = layer(x)
loss = x.sum()
loss.backward()

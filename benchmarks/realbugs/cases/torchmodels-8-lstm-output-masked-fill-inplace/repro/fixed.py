# FIXED (as in the PR: the in-place masking of the LSTM output is removed)
# https://github.com/kaniblu/pytorch-models/pull/8 -- BaseRNN.forward zeroes the padded time steps of the
# LSTM output in place with o.masked_fill_(...) when lengths are given (non-dynamic mode); the LSTM kept
# that output for its backward, so training a model on a padded batch fails at loss.backward().
import torch
import torch.nn as nn

torch.manual_seed(0)
lstm = nn.LSTM(input_size=16, hidden_size=32, num_layers=1, batch_first=True)
x = torch.randn(4, 7, 16)
lens = torch.tensor([7, 5, 3, 6])               # a padded batch of sentences
max_len = x.size(1)
mask = lens.unsqueeze(1) > torch.arange(max_len).unsqueeze(0)
x = x.masked_fill(~mask.unsqueeze(-1), 0)
o, (h, c) = lstm(x)
loss = o.sum(1).pow(2).mean()
loss.backward()

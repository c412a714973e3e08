import torch

from data import collate
from model import EncoderLayer

torch.manual_seed(0)

model = EncoderLayer()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
max_seq_length = 6
sequences = [torch.randn(6, 16), torch.randn(3, 16), torch.randn(0, 16)]
src, src_key_padding_mask = collate(sequences, max_seq_length)
optimizer.zero_grad()
out = model(src, src_key_padding_mask=src_key_padding_mask)
loss = out.pow(2).mean()
loss.backward()
optimizer.step()

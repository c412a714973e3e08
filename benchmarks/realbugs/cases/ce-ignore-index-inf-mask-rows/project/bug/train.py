import torch

from losses import ConstrainedLMLoss
from masking import build_vocab_mask
from model import TinyDecoder

torch.manual_seed(0)
vocab_size = 6
model = TinyDecoder(vocab_size)
criterion = ConstrainedLMLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

tokens = torch.tensor([[3, 1, 4, 1, 5]])
targets = torch.tensor([0, 1, -1, -1, -1])
allowed = torch.tensor([[0, 1], [0, 1], [0, 1], [0, 1], [0, 1]])
vocab_mask = build_vocab_mask(allowed, targets, vocab_size)

for step in range(2):
    optimizer.zero_grad()
    logits = model(tokens)[0]
    loss = criterion(logits, vocab_mask, targets)
    loss.backward()
    optimizer.step()
    print(step, loss.item())

import torch
from model import TinyESM
from loss import BERTMLMLossWithReduction
from data import mlm_microbatch

torch.manual_seed(0)
g = torch.Generator().manual_seed(0)
model = TinyESM()
criterion = BERTMLMLossWithReduction(33)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)

tokens, labels, loss_mask = mlm_microbatch(1, 4, 33, mask_prob=0.15, generator=g)
optimizer.zero_grad()
logits = model(tokens)
loss = criterion(logits, labels, loss_mask)
loss.backward()
optimizer.step()
print("loss", loss.item(), "masked tokens", int(loss_mask.sum()))
